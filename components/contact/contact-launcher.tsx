'use client'
import { usePathname, useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'
import { loginHref } from '@/lib/paths'
import { useMe } from '@/lib/users/use-me'
import ContactDialog from './contact-dialog'

// What the top bar's Contact Us button loads on its first click (components/layout/
// contact-button.tsx): each new `opens` count opens the dialog, or sends a guest to the login
// page and back here. A click that comes before the answer about who is signed in waits for it.
export default function ContactLauncher({ opens }: { opens: number }) {
  const { user, isLoading } = useMe()
  const pathname = usePathname()
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [handled, setHandled] = useState(0)
  const sentToLogin = useRef(0)

  const due = opens !== handled && !isLoading
  if (due && user) {
    // State adjusted while rendering (no effect): the dialog opens in the same commit.
    setHandled(opens)
    setOpen(true)
  }
  const guestDue = due && !user
  useEffect(() => {
    if (!guestDue || sentToLogin.current === opens) return
    sentToLogin.current = opens
    router.push(loginHref(pathname))
  }, [guestDue, opens, router, pathname])

  return <ContactDialog open={open} onClose={() => setOpen(false)} />
}
