import type { Metadata } from 'next'
import { SITE } from '@/lib/site'

// Prerendered at build, but never served from the build: the page cache is memory-only
// (decision 3), so the first request renders it again and its absolute URLs (canonical, Open
// Graph) carry the running server's origin. e2e/storefront/seo.spec.ts checks this with APP_URL.
export const metadata: Metadata = {
  title: 'About Me',
  description: `Who builds ${SITE.name}, why, and with what.`,
  alternates: { canonical: '/aboutme' },
}

const STACK = [
  [
    'Next.js 16 and React 19',
    'pages rendered on the server, small client islands for the cart, filters and toasts',
  ],
  [
    'PostgreSQL',
    'embedded (PGlite) for the demo, a real server for real shops: the same SQL for both',
  ],
  ['Drizzle ORM', 'typed queries and plain SQL migrations'],
  ['Tailwind CSS', 'one small stylesheet, no layout shift'],
  [
    'Playwright and Vitest',
    'every screen tested in a real browser, every rule against a real database',
  ],
] as const

export default function AboutMePage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <p className="font-mono text-sm font-semibold text-brand-700">~/aboutme</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
        Hi, we build {SITE.name}
      </h1>
      <p className="mt-4 text-lg text-ink-soft">
        {SITE.name} is an open-source online shop for electronics and everyday goods, with a
        storefront for shoppers and a dashboard for the people who run it. It is built by a small
        team of engineers who wanted a shop that anyone can clone and run with two commands, that is
        faster than the shops we knew, and that is safe by construction: the server decides every
        price, every stock count and who may see what.
      </p>

      <h2 className="mt-10 text-xl font-bold">What it is made of</h2>
      <ul className="mt-4 space-y-3">
        {STACK.map(([name, why]) => (
          <li key={name} className="rounded-lg border border-slate-200 bg-white p-4">
            <span className="font-semibold">{name}</span>
            <span className="text-ink-muted">: {why}</span>
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-xl font-bold">How we work</h2>
      <p className="mt-3 text-ink-soft">
        Every change comes with tests that a shopper or a shop owner would recognise: what the page
        shows, what the API answers, what the database holds afterwards. Speed is measured with a
        benchmark harness, not guessed.
      </p>

      <h2 className="mt-10 text-xl font-bold">Get in touch</h2>
      <p className="mt-3 text-ink-soft">
        Questions, ideas or a bug to report? Write to{' '}
        <a className="font-medium text-brand-700 underline" href={`mailto:${SITE.contactEmail}`}>
          {SITE.contactEmail}
        </a>{' '}
        or open an issue in the{' '}
        <a
          className="font-medium text-brand-700 underline"
          href={SITE.repository}
          target="_blank"
          rel="noopener noreferrer"
        >
          source repository
        </a>
        .
      </p>
    </article>
  )
}
