'use client'
import { ErrorView, type ErrorProps } from '@/components/layout/error-view'
import { SITE } from '@/lib/site'
import './globals.css'

// An error in the root layout itself: this replaces the whole document, so it has its own
// <html> and <body> (and its own stylesheet import).
export default function GlobalError(props: ErrorProps) {
  return (
    <html lang="en">
      <head>
        <title>{`Something went wrong | ${SITE.name}`}</title>
      </head>
      <body className="flex min-h-dvh flex-col font-sans">
        <main id="main" className="flex-1">
          <ErrorView {...props} />
        </main>
      </body>
    </html>
  )
}
