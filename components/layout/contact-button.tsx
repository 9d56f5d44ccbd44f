'use client'
import { useState, type ComponentType, type ReactNode } from 'react'

// The top bar's Contact Us button. Only the button ships with the page (the product page is at
// its JS budget): who is signed in, the dialog, its form and the request helper come with the
// first click (components/contact/contact-launcher.tsx). Each click counts one more opening.
// Its label and classes come from the server component (top-bar.tsx), as markup rather than
// script, for the same reason.
export function ContactButton({ className, children }: { className: string; children: ReactNode }) {
  const [Launcher, setLauncher] = useState<ComponentType<{ opens: number }>>()
  const [opens, setOpens] = useState(0)

  async function onClick() {
    if (!Launcher) {
      const loaded = (await import('@/components/contact/contact-launcher')).default
      setLauncher(() => loaded)
    }
    setOpens((n) => n + 1)
  }

  return (
    <>
      <button type="button" onClick={() => void onClick()} className={className}>
        {children}
      </button>
      {Launcher ? <Launcher opens={opens} /> : null}
    </>
  )
}
