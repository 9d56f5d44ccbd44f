import Link from 'next/link'
import type { ReactNode } from 'react'

const BUTTON =
  'mt-8 inline-flex items-center rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700'

type NotFoundViewProps = {
  heading?: string
  text?: string
  /** The way out; a Go Home button unless given. */
  children?: ReactNode
}

export function NotFoundView({
  heading = 'Page not found',
  text = 'This page took a wrong byte somewhere. It may have moved, or it never existed.',
  children,
}: NotFoundViewProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-mono text-7xl font-black text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">{heading}</h1>
      <p className="mt-2 text-ink-muted">{text}</p>
      {children ?? (
        <Link href="/" className={BUTTON}>
          Go Home
        </Link>
      )}
    </section>
  )
}

export const NOT_FOUND_BUTTON = BUTTON
