'use client'
import { useId, useState, type FormEvent } from 'react'
import { FormAlert } from '@/components/forms/form-alert'
import { INPUT_CLASS } from '@/components/forms/text-field'
import { PRIMARY_BUTTON } from '@/components/forms/submit-button'
import { toast } from '@/components/layout/toast'
import { MESSAGE_LENGTH } from '@/lib/messages/rules'
import { accountRequest } from '@/lib/users/account-request'

// The Contact Us form (docs/product.md "Contact Us dialog"), in the top bar's dialog and on
// /contactus. No zod here: the dialog loads on the storefront, and the one rule the button needs
// is a length (lib/messages/rules.ts); the server checks the same rules again and its message is
// shown as it is.

/** The toast of a sent message, spelled as docs/product.md "Deliberate spellings" keeps it. */
export const SENT_MESSAGE = 'Message send'

export function canSend(message: string): boolean {
  const length = message.trim().length
  return length >= MESSAGE_LENGTH.min && length <= MESSAGE_LENGTH.max
}

export function ContactForm({ onSent }: { onSent: () => void }) {
  const id = useId()
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy || !canSend(message)) return
    setBusy(true)
    setError(null)
    const answer = await accountRequest('POST', '/api/v1/contactus', { message })
    setBusy(false)
    if (!answer.ok) {
      const text = answer.errors?.message ?? answer.message
      setError(text)
      toast.error(text)
      return
    }
    setMessage('')
    toast.success(SENT_MESSAGE)
    onSent()
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
          Message
        </label>
        <textarea
          id={id}
          name="message"
          rows={5}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="Write your message here..."
          maxLength={MESSAGE_LENGTH.max}
          aria-describedby={`${id}-hint`}
          className={`${INPUT_CLASS} resize-y`}
          required
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          At least {MESSAGE_LENGTH.min} characters. We reply to your account&apos;s e-mail address.
        </p>
      </div>
      <FormAlert message={error} />
      <button type="submit" disabled={busy || !canSend(message)} className={PRIMARY_BUTTON}>
        Send
      </button>
      {busy ? (
        // Full screen, over the dialog too (docs/product.md "Contact Us dialog": "a full-screen
        // spinner covers the page").
        <div
          role="status"
          className="fixed inset-0 z-50 flex items-center justify-center bg-white/80"
        >
          <span className="size-12 animate-spin rounded-full border-4 border-brand-600 border-t-transparent" />
          <span className="sr-only">Sending your message…</span>
        </div>
      ) : null}
    </form>
  )
}
