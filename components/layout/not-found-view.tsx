import Link from 'next/link'

export function NotFoundView() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-mono text-7xl font-black text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-ink-muted">
        This page took a wrong byte somewhere. It may have moved, or it never existed.
      </p>
      <Link
        href="/"
        className="mt-8 inline-flex items-center rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        Go Home
      </Link>
    </section>
  )
}
