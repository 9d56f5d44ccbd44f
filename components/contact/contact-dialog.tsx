'use client'
import { Dialog } from '@/components/ui/dialog'
import { ContactForm } from './contact-form'

// Loaded with the top bar's Contact Us button's first click (contact-launcher.tsx),
// never with the page: storefront pages are at their JS budget.
export default function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Contact Us">
      <div className="p-5">
        {/* Mounted only while open, so every opening starts with an empty form. */}
        {open ? <ContactForm onSent={onClose} /> : null}
      </div>
    </Dialog>
  )
}
