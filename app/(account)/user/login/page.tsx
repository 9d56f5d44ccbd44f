import type { Metadata } from 'next'
import { FormCard } from '@/components/forms/form-card'
import { env } from '@/lib/env'
import { LoginForm } from './_components/login-form'
import { safeReturnTo } from '@/lib/users/safe-return-to'

export const metadata: Metadata = { title: 'Login' }

// Dynamic (it reads the query); Guest Mode is offered only where env().demoMode allows it, and
// the button carries no credentials: the server endpoint knows the demo account.
export default async function LoginPage({ searchParams }: PageProps<'/user/login'>) {
  const { redirect } = await searchParams
  const returnTo = safeReturnTo(typeof redirect === 'string' ? redirect : null)
  return (
    <FormCard title="Login">
      <LoginForm demoMode={env().demoMode} returnTo={returnTo} />
    </FormCard>
  )
}
