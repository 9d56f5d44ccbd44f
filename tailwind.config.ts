import type { Config } from 'tailwindcss'

// The shop's theme. Loaded by app/globals.css with `@config`; Tailwind 4 reads the rest from CSS.
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef2ff',
          100: '#e0e7ff',
          200: '#c7d2fe',
          500: '#6366f1',
          600: '#4f46e5',
          700: '#4338ca',
          800: '#3730a3',
          900: '#312e81',
        },
        ink: {
          DEFAULT: '#0f172a',
          soft: '#334155',
          muted: '#475569',
        },
        byte: {
          cyan: '#22d3ee',
          lime: '#a3e635',
          night: '#0b1220',
        },
      },
      fontFamily: {
        sans: [
          'system-ui',
          '-apple-system',
          'Segoe UI',
          'Roboto',
          'Helvetica Neue',
          'Arial',
          'Noto Sans',
          'sans-serif',
        ],
        mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'Consolas', 'monospace'],
      },
      maxWidth: { shop: '80rem' },
      keyframes: {
        'sheet-in': {
          from: { transform: 'translateX(-100%)' },
          to: { transform: 'translateX(0)' },
        },
        blink: { '50%': { opacity: '0.3' } },
      },
      animation: {
        'sheet-in': 'sheet-in 180ms ease-out',
        // A cursor blinks four times and then holds still: no page keeps a blinking part going
        // past 5 s (WCAG 2.2.2), and a page at rest costs a phone (or a recording) nothing.
        'blink-briefly': 'blink 1s steps(1, end) 4',
      },
    },
  },
}

export default config
