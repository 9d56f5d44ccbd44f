'use client'
import dynamic from 'next/dynamic'
import { useEffect, useState, useSyncExternalStore } from 'react'

export const TAGLINE = 'FIND AMAZING PRODUCTS HERE...'

// Loaded after the page is interactive: the animation is decoration, and the static text stands
// in until it arrives, so it costs the first paint nothing.
const Typewriter = dynamic(() => import('typewriter-effect'), {
  ssr: false,
  loading: () => <>{TAGLINE}</>,
})

// A module constant: the component restarts the animation whenever its options change by value.
const OPTIONS = {
  strings: [TAGLINE],
  autoStart: true,
  loop: true,
  delay: 100, // typing speed, SPEC.md §2
  deleteSpeed: 50,
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function subscribe(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches

/** True once the page has loaded and the browser is idle: decoration waits for real work. */
function useIdleAfterLoad() {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    let cancel = () => {}
    const schedule = () => {
      if ('requestIdleCallback' in window) {
        const id = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 })
        cancel = () => window.cancelIdleCallback(id)
      } else {
        const id = setTimeout(() => setIdle(true), 1500)
        cancel = () => clearTimeout(id)
      }
    }
    if (document.readyState === 'complete') schedule()
    else window.addEventListener('load', schedule, { once: true })
    return () => {
      window.removeEventListener('load', schedule)
      cancel()
    }
  }, [])
  return idle
}

/**
 * The hero's looping tagline. Screen readers get the whole text once; the typing is hidden from
 * them. One line of fixed height, so typing and deleting never move the page.
 */
export function TypewriterTagline({ className = '' }: { className?: string }) {
  // The server cannot know the visitor's setting; it renders the static text, which is also what
  // a reduced-motion visitor keeps after hydration.
  const reduced = useSyncExternalStore(subscribe, prefersReducedMotion, () => true)
  const idle = useIdleAfterLoad()
  const still = reduced || !idle
  return (
    <p
      className={`h-7 overflow-hidden font-mono text-base leading-7 font-bold tracking-wide whitespace-nowrap text-byte-cyan sm:h-8 sm:text-xl sm:leading-8 lg:h-9 lg:text-2xl lg:leading-9 ${className}`}
    >
      <span className="sr-only">{TAGLINE}</span>
      <span aria-hidden="true">
        {still ? TAGLINE : <Typewriter component="span" options={OPTIONS} />}
      </span>
    </p>
  )
}
