import 'server-only'
import { asc, count, desc, sql } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { offsetOf, searchCondition, type ListParams } from '@/lib/admin/list-params'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { toAdminUser, type AdminUserJson } from './admin-user-json'

// The admin user list: every user (the original GET /admin/getAllUser), or one page of them
// with a search text and a sort (the admin screen, and the API when asked for paging).

export const USER_SORTS = ['createdAt', 'name', 'email', 'role'] as const
export type UserSort = (typeof USER_SORTS)[number]
export const DEFAULT_USER_SORT: UserSort = 'createdAt'

export type UserListParams = ListParams<UserSort>

export type UserList = {
  users: AdminUserJson[]
  /** Every user of the shop (the original `UserCount`). */
  userCount: number
  /** The users matching the search (equal to `userCount` without one). */
  total: number
}

// Names sort as people read them ('amy' beside 'Amy'), whatever the database's collation.
const SORT_COLUMNS = {
  createdAt: users.createdAt,
  name: sql`lower(${users.name})`,
  email: users.email,
  role: users.role,
} as const

export async function listUsers({
  actor,
  params,
}: {
  actor: CurrentUser
  /** Without params: every user, oldest first (the original answer). */
  params?: UserListParams
}): Promise<UserList> {
  assertAdmin(actor)
  const db = await getDb()
  // Search over name, e-mail, or the exact id.
  const where = params ? searchCondition(params.q, users.id, [users.name, users.email]) : undefined
  const order = params ? (params.dir === 'asc' ? asc : desc) : asc
  const column = SORT_COLUMNS[params?.sort ?? DEFAULT_USER_SORT]
  // The id breaks ties in the sort's direction, so pages never repeat or skip a user.
  const query = db.select().from(users).where(where).orderBy(order(column), order(users.id))
  if (!params) {
    const rows = await query
    return { users: rows.map(toAdminUser), userCount: rows.length, total: rows.length }
  }
  const rows = await query.limit(params.limit).offset(offsetOf(params))
  const [all] = await db.select({ n: count() }).from(users)
  const userCount = all?.n ?? 0
  let total = userCount
  if (where) {
    const [found] = await db.select({ n: count() }).from(users).where(where)
    total = found?.n ?? 0
  }
  return { users: rows.map(toAdminUser), userCount, total }
}
