import type { Metadata } from 'next'
import { connection } from 'next/server'
import { DemoMailboxNote } from '@/components/forms/demo-mailbox-note'
import { FormCard } from '@/components/forms/form-card'
import { env } from '@/lib/env'
import { SignupForm } from './_components/signup-form'

export const metadata: Metadata = { title: 'Sign up' }

export default async function SignupPage() {
  // Rendered per request: demo mode is a setting of the running server, not of the build.
  await connection()
  return (
    <FormCard
      title="Create your account"
      intro="We send a link to your e-mail address; open it to activate the account."
    >
      {env().demoMode ? (
        <div className="mb-5">
          <DemoMailboxNote>
            This is a demo shop: the verification mail is not sent anywhere.
          </DemoMailboxNote>
        </div>
      ) : null}
      <SignupForm />
    </FormCard>
  )
}
