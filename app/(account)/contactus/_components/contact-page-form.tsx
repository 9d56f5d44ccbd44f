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
        // A page opened directly (no history entry of ours to go back to) goes home instead.
        if (window.history.length > 1) router.back()
        else router.push(ROUTES.home.path)
      }}
    />
  )
}
