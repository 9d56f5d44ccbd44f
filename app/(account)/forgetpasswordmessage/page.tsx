import type { Metadata } from 'next'
import Link from 'next/link'
import { connection } from 'next/server'
import { DemoMailboxNote } from '@/components/forms/demo-mailbox-note'
import { FormCard } from '@/components/forms/form-card'
import { env } from '@/lib/env'
import { ROUTES } from '@/lib/routes'

export const metadata: Metadata = { title: 'Check your e-mail' }

export default async function ForgetPasswordMessagePage() {
  await connection()
  return (
    <FormCard title="Check your e-mail">
      <div className="space-y-4 text-ink-soft">
        <p>
          If an account uses that address, a link to choose a new password is on its way. It works
          once, for 30 minutes.
        </p>
        {env().demoMode ? <DemoMailboxNote /> : null}
        <p className="text-sm">
          Nothing arrived?{' '}
          <Link
            href={ROUTES.forgotPassword.path}
            prefetch={false}
            className="text-brand-700 underline"
          >
            Ask for another link
          </Link>
          .
        </p>
      </div>
    </FormCard>
  )
}
