import type { ReactNode } from 'react'

/** The account screens' frame: a centred card with the screen's heading. */
export function FormCard({
  title,
  intro,
  children,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {intro ? <div className="mt-2 text-ink-soft">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  )
}
