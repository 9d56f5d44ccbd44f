import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { FormCard } from '@/components/forms/form-card'
import { getCurrentUser } from '@/lib/auth/current-user'
import { env } from '@/lib/env'
import { matchesRoute, ROUTES, safeReturnTo } from '@/lib/routes'
import { LoginForm } from './_components/login-form'

export const metadata: Metadata = { title: 'Login' }

// The screens a signed-out visitor uses on the way in (the top bar's Login link names them as
// the return target like any page): coming back to one after login would be pointless, or, for
// a token link, spent. Home instead.
const WAY_IN = [
  ROUTES.login,
  ROUTES.signup,
  ROUTES.forgotPassword,
  ROUTES.verifyMessage,
  ROUTES.verify,
  ROUTES.resetPassword,
  ROUTES.resetMailSent,
].map((r) => r.path)

function returnTarget(redirect: string | string[] | undefined): string {
  const target = safeReturnTo(typeof redirect === 'string' ? redirect : null)
  const { pathname } = new URL(target, 'http://x')
  return WAY_IN.some((p) => matchesRoute(p, pathname)) ? ROUTES.home.path : target
}

// Dynamic (it reads the query); Guest Mode is offered only where env().demoMode allows it, and
// the button carries no credentials: the server endpoint knows the demo account.
export default async function LoginPage({ searchParams }: PageProps<'/user/login'>) {
  const returnTo = returnTarget((await searchParams).redirect)
  // Already signed in (a bookmark, Back after login): straight on to where the login leads.
  if (await getCurrentUser()) redirect(returnTo)
  return (
    <FormCard title="Login">
      <LoginForm demoMode={env().demoMode} returnTo={returnTo} />
    </FormCard>
  )
}
