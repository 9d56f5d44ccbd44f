'use client'
import { useState, type ComponentType } from 'react'
import { MailIcon } from '@/components/ui/icons'

// The top bar's Contact Us button. Only the button ships with the page (the product page is at
// its JS budget): who is signed in, the dialog, its form and the request helper come with the
// first click (components/contact/contact-launcher.tsx). Each click counts one more opening.
export function ContactButton() {
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
      <button
        type="button"
        onClick={() => void onClick()}
        aria-haspopup="dialog"
        className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white lg:px-3"
      >
        <MailIcon className="size-5" />
        {/* The name stays "Contact Us" at every width; narrow bars show only the icon. */}
        <span className="sr-only lg:not-sr-only">Contact Us</span>
      </button>
      {Launcher ? <Launcher opens={opens} /> : null}
    </>
  )
}
