import fc from 'fast-check'
import { beforeAll, describe, it } from 'vitest'
import * as getAllUserRoute from '@/app/api/v1/admin/getAllUser/route'
import * as getUserRoute from '@/app/api/v1/admin/getUser/[id]/route'
import * as adminMessageRoute from '@/app/api/v1/admin/message/[id]/route'
import * as adminMessagesRoute from '@/app/api/v1/admin/messages/route'
import * as adminOrderRoute from '@/app/api/v1/admin/order/[id]/route'
import * as adminOrdersRoute from '@/app/api/v1/admin/orders/route'
import * as adminProductRoute from '@/app/api/v1/admin/product/[id]/route'
import * as adminProductNewRoute from '@/app/api/v1/admin/product/new/route'
import * as adminProductsImportRoute from '@/app/api/v1/admin/products/import/route'
import * as adminProductsRoute from '@/app/api/v1/admin/products/route'
import * as updateUserRoleRoute from '@/app/api/v1/admin/updateuserrole/[userId]/route'
import * as updateStockRoute from '@/app/api/v1/product/updatestock/route'
import type { ApiPath } from '@/lib/api/routes'
import { CATEGORIES, ITEM_CONDITIONS, ORDER_STATUSES, ROLES as USER_ROLES } from '@/lib/enums'
import { ADMIN_PRODUCT_SORTS } from '@/lib/products/constants'
import { installTestDatabase } from '../support/db'
import {
  any,
  both,
  createFixtures,
  deleted,
  either,
  expectCoverage,
  having,
  fuzzRoute,
  idArb,
  inserted,
  mostly,
  usually,
  onlyColumns,
  productIdArb,
  ROLES,
  touched,
  type Fixtures,
  type Role,
  type RouteSpec,
  type Rules,
} from '../support/fuzz'

// Fuzzing of the admin endpoints (the rest: fuzz-api-public.test.ts). A guest or a shopper may
// change nothing through them; an admin only the rows named by an id the property sent (or new
// products). See tests/support/fuzz.ts for what a property checks.

installTestDatabase()

const none = (): Rules => ({})
const adminOnly =
  (rules: Rules) =>
  (role: Role): Rules =>
    role === 'admin' ? rules : {}

const numberText = usually(
  fc.integer({ min: 1, max: 5 }).map(String),
  fc.oneof(
    fc.integer({ min: -5, max: 200 }).map(String),
    fc.constantFrom('1e308', '-0', '1.5', ' 2 ', '0x10', 'NaN', '', '99999999999999999999'),
  ),
)
const list = (sorts: readonly string[], extra: Record<string, fc.Arbitrary<string>> = {}) =>
  fc.record(
    {
      page: numberText,
      limit: numberText,
      q: fc.oneof(fc.constantFrom('fuzz', '%', '_', '\\', "'"), fc.string()),
      sort: usually(
        fc.constantFrom(...sorts),
        fc.constantFrom('id; drop table users', 'password_hash'),
      ),
      dir: usually(fc.constantFrom('asc', 'desc', 'DESC'), fc.constantFrom('up', '')),
      ...extra,
    },
    { requiredKeys: [] },
  )

const productBody = () =>
  fc.record({
    name: mostly(fc.oneof(fc.constant('Fuzzed Lamp'), fc.string({ maxLength: 210 }))),
    description: mostly(fc.oneof(fc.constant('Bright.'), fc.string())),
    price: mostly(
      fc.oneof(fc.constantFrom(10, '10', 0.01, 1000000, 1000000.01, 555.55), fc.double()),
    ),
    stock: mostly(fc.oneof(fc.constantFrom(0, 3, '7', 1000001), fc.integer())),
    category: mostly(fc.constantFrom(...CATEGORIES, 'laptop', 'Nope')),
    itemCondition: mostly(fc.constantFrom(...ITEM_CONDITIONS, 'Used')),
  })

const validProduct = () =>
  fc.record({
    name: fc.constantFrom('Fuzzed Lamp', 'Fuzzed Desk Chair'),
    description: fc.constant('Bright.'),
    price: fc.constantFrom(10, 555.55),
    stock: fc.constantFrom(0, 3),
    category: fc.constantFrom(...CATEGORIES),
    itemCondition: fc.constantFrom(...ITEM_CONDITIONS),
  })

const SPECS: Partial<Record<ApiPath, RouteSpec>> = {
  '/admin/messages': { module: adminMessagesRoute, query: () => list(['createdAt']), may: none },
  '/admin/message/[id]': {
    module: adminMessageRoute,
    params: (fx) => ({ id: idArb(fx, fx.messages) }),
    may: adminOnly({ contact_messages: both(deleted, touched()) }),
  },
  '/admin/getAllUser': {
    module: getAllUserRoute,
    query: () => list(['createdAt', 'name', 'email', 'role']),
    may: none,
  },
  '/admin/getUser/[id]': {
    module: getUserRoute,
    params: (fx) => ({ id: idArb(fx, [fx.shopper.id, fx.other.id, fx.admin.id]) }),
    may: none,
  },
  '/admin/updateuserrole/[userId]': {
    module: updateUserRoleRoute,
    params: (fx) => ({ userId: idArb(fx, [fx.shopper.id, fx.other.id, fx.admin.id]) }),
    body: () => fc.record({ role: mostly(fc.constantFrom(...USER_ROLES, 'Admin', 'root')) }),
    // A role change ends that user's sessions.
    may: adminOnly({
      users: both(touched(), onlyColumns('role', 'updated_at')),
      sessions: both(touched('user_id'), deleted),
    }),
  },
  '/admin/products': {
    module: adminProductsRoute,
    query: () =>
      list(ADMIN_PRODUCT_SORTS, {
        category: usually(fc.constantFrom(...CATEGORIES, 'laptop'), fc.constant('nope')),
        stock: usually(fc.constantFrom('out', 'low', 'LOW'), fc.constant('none')),
        format: usually(fc.constantFrom('csv', ''), fc.constant('json')),
      }),
    may: none,
  },
  '/admin/products/import': {
    module: adminProductsImportRoute,
    body: () => fc.record({ dryRun: mostly(fc.constantFrom('true', 'false', 'yes')) }),
    valid: () => fc.record({ dryRun: fc.constant('true') }),
    // The file is whatever the fuzzer attaches (an image, text, nothing), never a CSV of our
    // columns: nothing may be written, whoever sends it.
    files: ['file'],
    may: none,
  },
  '/admin/product/new': {
    module: adminProductNewRoute,
    body: productBody,
    valid: validProduct,
    files: ['images', 'images[]'],
    may: adminOnly({
      products: inserted,
      product_images: inserted,
      product_totals: any,
      search_words: inserted,
    }),
  },
  '/admin/product/[id]': {
    module: adminProductRoute,
    params: (fx) => ({ id: productIdArb(fx) }),
    body: productBody,
    valid: validProduct,
    files: ['images', 'images[]'],
    // Only the product the path names: its row, its images, the cart lines of a deleted one.
    may: adminOnly({
      products: touched(),
      product_images: touched('product_id'),
      cart_lines: both(deleted, touched('product_id')),
      product_totals: any,
      search_words: inserted,
      // Back in stock or deleted: its alerts end (and a raise mails them, drizzle/0016).
      stock_alerts: both(deleted, touched('product_id')),
      mail_outbox: both(inserted, having({ kind: 'back-in-stock' })),
    }),
  },
  '/admin/orders': {
    module: adminOrdersRoute,
    query: () =>
      list(['createdAt', 'total', 'status'], {
        status: usually(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom('shipped', 'lost')),
        format: usually(fc.constantFrom('csv', ''), fc.constant('json')),
      }),
    may: none,
  },
  '/admin/order/[id]': {
    module: adminOrderRoute,
    params: (fx) => ({ id: idArb(fx, Object.values(fx.orders)) }),
    body: () =>
      fc.record({
        selectedOrderStatus: mostly(fc.constantFrom(...ORDER_STATUSES, 'shipped', 'cancelled')),
        reason: mostly(fc.constantFrom('Damaged in the warehouse', '', '   ', 'x'.repeat(501))),
      }),
    may: adminOnly({
      orders: both(
        touched(),
        either(
          deleted,
          onlyColumns(
            'order_status',
            'delivered_at',
            'cancelled_at',
            'cancelled_by',
            'cancel_reason',
          ),
        ),
      ),
      // A cancellation gives the stock back and mails the customer; a step forward mails them.
      products: onlyColumns('stock', 'updated_at'),
      mail_outbox: both(inserted, having({ kind: 'order-status' })),
      order_items: both(deleted, touched('order_id')),
      idempotency_keys: both(deleted, touched('order_id')),
      order_totals: any,
    }),
  },
  '/product/updatestock': {
    module: updateStockRoute,
    body: (fx) =>
      fc.record({
        productId: productIdArb(fx),
        quantityShipped: mostly(fc.oneof(fc.constantFrom(1, '2', 0), fc.integer())),
      }),
    may: none,
  },
}

let fx: Fixtures
beforeAll(async () => {
  fx = await createFixtures()
})

describe('fuzzing the admin endpoints of /api/v1', () => {
  it('covers every method of every admin path of the route table', () => {
    expectCoverage(SPECS, true)
  })

  for (const [path, spec] of Object.entries(SPECS) as [ApiPath, RouteSpec][]) {
    for (const role of ROLES) {
      it(`${path} as ${role}: no 5xx, no hang, no row changed without the right`, async () => {
        await fuzzRoute(path, spec, fx, role)
      }, 120_000)
    }
  }
})
