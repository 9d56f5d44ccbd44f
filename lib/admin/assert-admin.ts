import 'server-only'
import { forbidden } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'

/**
 * The check every admin service makes itself, so that a handler or page that forgot its guard
 * still cannot do harm (docs/style.md "Reads, writes and state": services check their actor).
 */
export function assertAdmin(actor: CurrentUser): void {
  if (actor.role !== 'admin') throw forbidden('Only admins may do this')
}
