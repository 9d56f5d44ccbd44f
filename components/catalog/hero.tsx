import { ArrowDownIcon } from '@/components/ui/icons'
import { SITE } from '@/lib/site'
import { TypewriterTagline } from './typewriter-tagline'

// "Byte" in binary and the shop's name in hex: decoration, hidden from assistive tech.
const BINARY = 'Byte'
  .split('')
  .map((c) => c.charCodeAt(0).toString(2).padStart(8, '0'))
  .join(' ')
const HEX = [...SITE.name].map((c) => `0x${c.charCodeAt(0).toString(16)}`).join(' ')

/**
 * The home page's welcome. Text and gradients only (no images, no web fonts), so it paints with
 * the first HTML. On a phone the first product card still shows below it and its picture is the
 * largest paint, so the catalog page loads the first two pictures first.
 */
export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-byte-night via-brand-900 to-brand-800 text-white">
      {/* A faint circuit grid; pure CSS. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(rgb(34_211_238/0.07)_1px,transparent_1px),linear-gradient(90deg,rgb(34_211_238/0.07)_1px,transparent_1px)] bg-[size:32px_32px]"
      />
      {/* Compact, so that at 1280×800 the first row of products shows above the fold. */}
      <div className="relative mx-auto grid max-w-shop gap-10 px-4 py-8 md:grid-cols-[3fr_2fr] md:items-center lg:py-6">
        <div className="min-w-0">
          {/* Not on wide screens, where the terminal panel decorates and products need the room. */}
          <p
            aria-hidden="true"
            className="truncate font-mono text-xs text-byte-lime sm:text-sm md:hidden"
          >
            {BINARY}
          </p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl md:mt-0 lg:text-5xl">
            Welcome to <span className="text-byte-cyan">{SITE.name}</span>
          </h1>
          <p className="mt-3 max-w-xl text-base text-slate-200 sm:text-lg">{SITE.tagline}</p>
          <TypewriterTagline className="mt-3" />
          <a
            href="#products"
            className="mt-4 inline-flex h-11 items-center gap-2 rounded-md bg-byte-cyan px-5 font-semibold text-byte-night shadow-lg shadow-cyan-500/20 hover:bg-cyan-300 focus-visible:outline-byte-cyan"
          >
            Scroll to products
            <ArrowDownIcon className="size-5" />
          </a>
        </div>
        {/* A terminal-style panel for wide screens only; phones get the text alone. */}
        <div
          aria-hidden="true"
          className="hidden rounded-xl border border-white/10 bg-byte-night/70 p-5 font-mono text-sm shadow-2xl md:block"
        >
          <div className="mb-4 flex gap-1.5">
            <span className="size-3 rounded-full bg-red-400" />
            <span className="size-3 rounded-full bg-amber-300" />
            <span className="size-3 rounded-full bg-byte-lime" />
          </div>
          <p className="text-slate-400">$ byteshop --welcome</p>
          <p className="mt-2 break-all text-byte-cyan">{HEX}</p>
          <p className="mt-2 text-slate-200">
            <span className="text-byte-lime">✔</span> catalog loaded
          </p>
          <p className="text-slate-200">
            <span className="text-byte-lime">✔</span> deals compiled
          </p>
          <p className="mt-2 text-slate-400">
            ${' '}
            <span className="inline-block h-4 w-2 translate-y-0.5 bg-byte-cyan motion-safe:animate-blink-briefly" />
          </p>
        </div>
      </div>
    </section>
  )
}
