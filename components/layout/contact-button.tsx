'use client'
import { usePathname, useRouter } from 'next/navigation'
import { useState, type ComponentType } from 'react'
import { MailIcon } from '@/components/ui/icons'
import { loginHref } from '@/lib/paths'
import { useMe } from '@/lib/users/use-me'

type DialogProps = { open: boolean; onClose: () => void }

// The top bar's Contact Us button. Only the button ships with the page: the dialog, its form
// and the request helper come with the first click (the product page is at its JS budget).
// A guest goes to the login page and comes back here.
export function ContactButton() {
  const { user, isLoading } = useMe()
  const pathname = usePathname()
  const router = useRouter()
  const [ContactDialog, setContactDialog] = useState<ComponentType<DialogProps> | null>(null)
  const [open, setOpen] = useState(false)

  async function onClick() {
    if (!isLoading && !user) return router.push(loginHref(pathname))
    if (!ContactDialog) {
      const loaded = (await import('@/components/contact/contact-dialog')).default
      setContactDialog(() => loaded)
    }
    setOpen(true)
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
      {ContactDialog ? <ContactDialog open={open} onClose={() => setOpen(false)} /> : null}
    </>
  )
}
