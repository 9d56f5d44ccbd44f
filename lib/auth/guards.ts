import 'server-only'
import { redirect } from 'next/navigation'
import { loginHref } from '@/lib/routes'
import { getCurrentUser, type CurrentUser } from './current-user'

// Guards for Server Components. proxy.ts sends most visitors the right way before a page renders,
// but it only reads cookies that anyone can forge or that went stale; these decide, on the user
// re-read from the database. Route handlers use withUser / withAdmin (lib/api/handler.ts).

/** The signed-in user; anyone else goes to the login page and comes back to `returnTo`. */
export async function requireUser(returnTo: string): Promise<CurrentUser> {
  const user = await getCurrentUser()
  if (!user) redirect(loginHref(returnTo))
  return user
}

/** The signed-in admin; a guest goes to the login page, anyone else home. */
export async function requireAdmin(returnTo: string): Promise<CurrentUser> {
  const user = await requireUser(returnTo)
  if (user.role !== 'admin') redirect('/')
  return user
}
