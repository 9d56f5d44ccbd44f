import type { Metadata } from 'next'
import Link from 'next/link'
import { DataTable, type Column } from '@/components/admin/data-table'
import { RoleBadge, RoleToggle } from '@/components/admin/role-toggle'
import { listHref, parseListParams } from '@/lib/admin/list-params'
import { requireAdmin } from '@/lib/auth/guards'
import { adminUserHref, ROUTES } from '@/lib/routes'
import type { AdminUserJson } from '@/lib/users/admin-user-json'
import { DEFAULT_USER_SORT, listUsers, USER_SORTS } from '@/lib/users/list-users'

export const metadata: Metadata = { title: 'Users' }

const BASE = ROUTES.manageUsers.path

const joined = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

// Every user with their role; admins' rows are green (and say "Admin"). Paging, search and sort
// live in the URL (lib/admin/list-params.ts), read here on the server for the admin re-read from
// the database.
export default async function ManageUsersPage({ searchParams }: PageProps<'/admin/manageuser'>) {
  const query = await searchParams
  const { paged, ...params } = parseListParams(query, {
    sorts: USER_SORTS,
    defaultSort: DEFAULT_USER_SORT,
  })
  const actor = await requireAdmin(paged ? listHref(BASE, params) : BASE)
  const list = await listUsers({ actor, params })

  const columns: Column<AdminUserJson>[] = [
    {
      key: 'id',
      label: 'User ID',
      cell: (u) => (
        <Link
          href={adminUserHref(u._id)}
          prefetch={false}
          className="font-mono text-xs break-all text-brand-700 underline-offset-2 hover:underline"
          aria-label={`User ${u._id} (${u.name})`}
        >
          {u._id}
        </Link>
      ),
    },
    {
      key: 'email',
      label: 'Email',
      sort: 'email',
      cell: (u) => <span className="break-all">{u.email}</span>,
    },
    { key: 'name', label: 'Name', sort: 'name', cell: (u) => u.name },
    { key: 'role', label: 'Role', sort: 'role', cell: (u) => <RoleBadge role={u.role} /> },
    {
      key: 'joined',
      label: 'Joined',
      sort: 'createdAt',
      firstDir: 'desc',
      cell: (u) => (
        <time dateTime={u.createdAt} className="whitespace-nowrap text-ink-soft">
          {joined.format(new Date(u.createdAt))}
        </time>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      cell: (u) => <RoleToggle user={u} actorId={actor.id} />,
    },
  ]

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Users</h1>
      <p className="mt-1 text-ink-muted">
        {list.userCount} {list.userCount === 1 ? 'account' : 'accounts'} in the shop.
      </p>
      <DataTable
        id="users"
        caption="All users. Admin rows are highlighted green."
        basePath={BASE}
        params={params}
        columns={columns}
        page={{ rows: list.users, total: list.total, page: params.page, limit: params.limit }}
        rowKey={(u) => u._id}
        rowTone={(u) => (u.role === 'admin' ? 'green' : undefined)}
        search={{ label: 'Search users', placeholder: 'Name, e-mail or user id' }}
        noun={{ one: 'user', many: 'users' }}
        emptyText={params.q ? `No user matches “${params.q}”.` : 'No users yet.'}
      />
    </div>
  )
}
