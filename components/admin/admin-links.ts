import { ROUTES } from '@/lib/routes'

// Links between the admin screens, built from the one route list.

const withId = (path: string, id: string) => path.replace('{id}', encodeURIComponent(id))

export const adminOrderHref = (id: string) => withId(ROUTES.adminOrder.path, id)
export const adminProductHref = (id: string) => withId(ROUTES.adminProduct.path, id)
export const adminUserHref = (id: string) => withId(ROUTES.adminUser.path, id)

// Server-rendered: one fixed zone, so the HTML does not depend on where the server runs.
const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})

/** A moment as the admin tables show it: "Nov 22, 2026, 7:31 PM UTC". */
export const adminDateTime = (iso: string | Date) => `${dateTime.format(new Date(iso))} UTC`
