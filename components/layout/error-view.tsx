'use client'
import { useEffect } from 'react'

export type ErrorProps = {
  error: Error & { digest?: string }
  // Next 16: `retry` re-renders the segment on the server first (a server error may be gone);
  // `reset` only re-renders on the client.
  retry?: () => void
  reset: () => void
}

/** What a visitor sees when a page fails: what happened, a retry, and a way home. */
export function ErrorView({ error, retry, reset }: ErrorProps) {
  useEffect(() => {
    console.error(error)
  }, [error])
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
    >
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-ink-muted">
        This page could not be shown just now. Trying again often helps; if it does not, please come
        back in a moment.
      </p>
      {error.digest ? (
        <p className="mt-2 font-mono text-sm text-ink-muted">Reference: {error.digest}</p>
      ) : null}
      <div className="mt-8 flex gap-3">
        <button
          type="button"
          onClick={retry ?? reset}
          className="inline-flex items-center rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Try again
        </button>
        {/* A plain link: a full page load, whatever state the client router is in. */}
        <a
          href="/"
          className="inline-flex items-center rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-ink hover:bg-slate-100"
        >
          Go Home
        </a>
      </div>
    </section>
  )
}
