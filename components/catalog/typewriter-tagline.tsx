'use client'
import { useEffect, useState, useSyncExternalStore } from 'react'

export const TAGLINE = 'FIND AMAZING PRODUCTS HERE...'

// docs/product.md "Home": typing speed 100, back speed 50 (ms per character).
const TYPE_MS = 100
const DELETE_MS = 50
// The full line stays this long before it is deleted, and the empty line this long before it
// is typed again.
export const FULL_PAUSE_MS = 2500
const EMPTY_PAUSE_MS = 400

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function subscribe(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches

/**
 * How much of the tagline shows: all of it at first (the server's HTML), then, when `active`,
 * deleted and typed again in a loop. It starts from the text already on screen, so the line never
 * blinks empty and retypes on load (which a typing library, starting from nothing, did). No
 * library: this is the whole animation.
 */
function useTypedLength(active: boolean): number {
  const [length, setLength] = useState(TAGLINE.length)
  useEffect(() => {
    if (!active) return
    let shown = TAGLINE.length
    let deleting = true
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      shown += deleting ? -1 : 1
      setLength(shown)
      let wait = deleting ? DELETE_MS : TYPE_MS
      if (shown === 0) {
        deleting = false
        wait = EMPTY_PAUSE_MS
      } else if (shown === TAGLINE.length) {
        deleting = true
        wait = FULL_PAUSE_MS
      }
      timer = setTimeout(tick, wait)
    }
    timer = setTimeout(tick, FULL_PAUSE_MS)
    return () => {
      clearTimeout(timer)
      setLength(TAGLINE.length)
    }
  }, [active])
  return length
}

/**
 * The hero's looping tagline. Screen readers get the whole text once; the typing is hidden from
 * them. One line of fixed height, so typing and deleting never move the page.
 */
export function TypewriterTagline({ className = '' }: { className?: string }) {
  // The server cannot know the visitor's setting; it renders the static text, which is also what
  // a reduced-motion visitor keeps after hydration.
  const reduced = useSyncExternalStore(subscribe, prefersReducedMotion, () => true)
  const length = useTypedLength(!reduced)
  return (
    <p
      className={`h-7 overflow-hidden font-mono text-base leading-7 font-bold tracking-wide whitespace-nowrap text-byte-cyan sm:h-8 sm:text-xl sm:leading-8 lg:h-9 lg:text-2xl lg:leading-9 ${className}`}
    >
      <span className="sr-only">{TAGLINE}</span>
      <span aria-hidden="true" data-testid="typed-tagline">
        {TAGLINE.slice(0, length)}
      </span>
      <span
        aria-hidden="true"
        className="ml-0.5 inline-block h-[1em] w-[0.5ch] translate-y-[0.15em] bg-byte-cyan motion-safe:animate-blink-briefly"
      />
    </p>
  )
}
