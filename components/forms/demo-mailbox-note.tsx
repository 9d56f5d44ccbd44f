import Link from 'next/link'
import { MailIcon } from '@/components/ui/icons'
import { ROUTES } from '@/lib/routes'

/**
 * Demo mode only (the caller decides, from env().demoMode on the server): no mail leaves this
 * server, it lands in the outbox that /dev/mailbox shows, so a newcomer can still follow the link.
 */
export function DemoMailboxNote({ children }: { children?: string }) {
  return (
    <p className="flex gap-2 rounded-md border border-cyan-200 bg-cyan-50 p-3 text-sm text-ink-soft">
      <MailIcon className="mt-0.5 size-4 shrink-0 text-cyan-800" />
      <span>
        {children ?? 'This is a demo shop: its mail is not sent anywhere.'} Read it in the{' '}
        <Link
          href={ROUTES.devMailbox.path}
          prefetch={false}
          className="font-semibold text-brand-700 underline"
        >
          demo mailbox
        </Link>
        .
      </span>
    </p>
  )
}
