import 'server-only'
import { accountDocs } from './accounts'
import { cartDocs } from './cart'
import { catalogDocs } from './catalog'
import type { ApiDocs, Tag } from './describe'
import { messageDocs } from './messages'
import { orderDocs } from './orders'
import { adminProductDocs } from './products-admin'
import { referenceDocs } from './reference'
import { adminUserDocs } from './users-admin'

// Every domain's descriptions, in the order the reference page shows them. A new endpoint's
// description goes in its domain's module (or a new module listed here).
export const DOMAINS = [
  catalogDocs,
  cartDocs,
  orderDocs,
  messageDocs,
  accountDocs,
  adminUserDocs,
  adminProductDocs,
  referenceDocs,
] as const

/** The description of every path and method of the route table: a missing one is a type error. */
export const API_DOCS: ApiDocs = {
  ...catalogDocs.paths,
  ...cartDocs.paths,
  ...orderDocs.paths,
  ...messageDocs.paths,
  ...accountDocs.paths,
  ...adminUserDocs.paths,
  ...adminProductDocs.paths,
  ...referenceDocs.paths,
}

/** Which domain (tag) describes each path. */
export function tagOf(path: string): Tag | undefined {
  return DOMAINS.find((d) => Object.hasOwn(d.paths, path))?.tag
}
