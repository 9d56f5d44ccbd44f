'use client'
import { useRouter } from 'next/navigation'
import { ContactForm } from '@/components/contact/contact-form'
import { ROUTES } from '@/lib/routes'

/** The same form as the top bar's dialog; once sent, back to where the shopper came from. */
export function ContactPageForm() {
  const router = useRouter()
  return (
    <ContactForm
      onSent={() => {
        // Back only to a page of this shop (a link or the login page brought them here); a
        // page opened directly, from a bookmark or another site, goes home instead.
        if (document.referrer.startsWith(`${window.location.origin}/`)) router.back()
        else router.push(ROUTES.home.path)
      }}
    />
  )
}
