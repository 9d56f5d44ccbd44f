import type { Metadata } from 'next'
import Link from 'next/link'
import { connection } from 'next/server'
import { DemoMailboxNote } from '@/components/forms/demo-mailbox-note'
import { FormCard } from '@/components/forms/form-card'
import { env } from '@/lib/env'
import { ROUTES } from '@/lib/routes'

export const metadata: Metadata = { title: 'Check your e-mail' }

export default async function VerifyMessagePage() {
  await connection()
  return (
    <FormCard title="Check your e-mail">
      <div className="space-y-4 text-ink-soft">
        <p>
          We have sent a verification link to your e-mail address. Open it within 24 hours to
          activate your account, then log in.
        </p>
        {env().demoMode ? <DemoMailboxNote /> : null}
        <p className="text-sm">
          No mail after a few minutes? Look in the spam folder, or{' '}
          <Link href={ROUTES.login.path} prefetch={false} className="text-brand-700 underline">
            log in
          </Link>{' '}
          to ask for a new link.
        </p>
      </div>
    </FormCard>
  )
}
