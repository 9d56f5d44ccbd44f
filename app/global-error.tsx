'use client'
import type { ErrorProps } from '@/components/layout/error-view'
import { SITE } from '@/lib/site'
import './globals.css'

// An error in the root layout itself: this replaces the whole document, so it has its own
// <html> and <body> (and its own stylesheet import). Next loads this file with every page, so
// it is kept to the bone rather than sharing ErrorView with app/error.tsx (which put a second
// copy of ErrorView in every page's first load).
export default function GlobalError({ error, retry, reset }: ErrorProps) {
  return (
    <html lang="en">
      <head>
        <title>{`Something went wrong | ${SITE.name}`}</title>
      </head>
      <body className="font-sans">
        <main id="main" role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 className="text-2xl font-bold">Something went wrong</h1>
          <p className="mt-2">
            <button type="button" onClick={retry ?? reset} className="underline">
              Try again
            </button>{' '}
            or{' '}
            <a href="/" className="underline">
              Go Home
            </a>
          </p>
          {error.digest ? (
            <p className="mt-2 font-mono text-sm">Reference: {error.digest}</p>
          ) : null}
        </main>
      </body>
    </html>
  )
}
