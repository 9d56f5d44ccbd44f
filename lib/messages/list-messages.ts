import 'server-only'
import { count, desc } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { offsetOf, searchCondition, type ListPage, type ListParams } from '@/lib/admin/list-params'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { contactMessages } from '@/lib/db/schema'
import { toMessageJson, type MessageJson } from './message-json'

export const MESSAGE_SORTS = ['createdAt'] as const
export type MessageSort = (typeof MESSAGE_SORTS)[number]

/**
 * The contact messages for an admin, newest first: one page of them (search over name, e-mail
 * and text, or the exact id), or all of them without `params` (the original response shape).
 */
export async function listMessages({
  actor,
  params,
}: {
  actor: CurrentUser
  params?: ListParams<MessageSort>
}): Promise<ListPage<MessageJson>> {
  assertAdmin(actor)
  const db = await getDb()
  const where = params
    ? searchCondition(params.q, contactMessages.id, [
        contactMessages.name,
        contactMessages.email,
        contactMessages.message,
      ])
    : undefined
  const order =
    params?.dir === 'asc'
      ? [contactMessages.createdAt, contactMessages.id]
      : [desc(contactMessages.createdAt), desc(contactMessages.id)]
  const query = db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(...order)
  const rows = params ? await query.limit(params.limit).offset(offsetOf(params)) : await query
  const total = params
    ? ((await db.select({ n: count() }).from(contactMessages).where(where))[0]?.n ?? 0)
    : rows.length
  return {
    rows: rows.map(toMessageJson),
    total,
    page: params?.page ?? 1,
    limit: params?.limit ?? rows.length,
  }
}
