import 'server-only'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
// Relative, not '@/': drizzle-kit loads this file without the app's path aliases.
import { CATEGORIES, ITEM_CONDITIONS, ORDER_STATUSES, ROLES } from '../enums'

// One table per entity of docs/product.md "Data the screens show" plus what the rules of
// docs/api.md#server-side-rules need.
// Money is integer cents; ids are UUIDs sent as opaque strings.

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`)

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    // Stored trimmed and lower-cased by the services; the unique index makes it one account per address.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    verified: boolean('verified').notNull().default(false),
    avatarUrl: text('avatar_url').notNull().default(''),
    avatarPublicId: text('avatar_public_id').notNull().default(''),
    // A demo login (published password), set by the seed only: it signs in in demo mode only
    // (lib/auth/demo-accounts.ts; drizzle/0011_demo_accounts.sql).
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_role_check', inList('role', ROLES)),
    // The admin user list (drizzle/0006_admin_users.sql): substring search, default order, and
    // the admins that a role change locks.
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_admins_idx')
      .on(t.id)
      .where(sql`${t.role} = 'admin'`),
    index('users_demo_idx')
      .on(t.id)
      .where(sql`${t.demo}`),
  ],
)

// One signed-in device (browser or API client) of a user (drizzle/0012_sessions.sql, decision 2).
export const sessions = pgTable(
  'sessions',
  {
    // Shown to the user (the profile's device list, /api/v1/me/sessions); never the secret.
    id: id(),
    // SHA-256 of the random secret that the (sealed) session cookie holds.
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // "Chrome on Windows": a short description of the User-Agent that signed in.
    device: text('device').notNull().default(''),
    createdAt: createdAt(),
    // Moved on by use, at most every few minutes (SESSION_LIFETIME.touchAfterSeconds).
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId, t.lastSeenAt),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
  ],
)

export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'reset'] }).notNull(),
    // SHA-256 of the token; the token itself only ever exists in the e-mailed link.
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_key').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.kind),
    check('user_tokens_kind_check', inList('kind', ['verify', 'reset'])),
  ],
)

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    // The name as keyword search compares it: lower case, accents removed (shop_fold,
    // drizzle/0002_search.sql). Stored, so that no query folds 100,000 names again.
    nameSearch: text('name_search')
      .notNull()
      .generatedAlwaysAs(sql`shop_fold(name)`),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    category: text('category').notNull(),
    stock: integer('stock').notNull().default(0),
    itemCondition: text('item_condition', { enum: ITEM_CONDITIONS }).notNull().default('New'),
    // Average rating rounded to one decimal, recomputed with the reviews in one transaction.
    ratings: doublePrecision('ratings').notNull().default(0),
    numberOfReviews: integer('number_of_reviews').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Deleted products are archived so that orders keep their links and history.
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_check', sql`${t.priceCents} > 0`),
    check('products_ratings_check', sql`${t.ratings} between 0 and 5`),
    check('products_reviews_check', sql`${t.numberOfReviews} >= 0`),
    check('products_condition_check', inList('item_condition', ITEM_CONDITIONS)),
    check('products_category_check', inList('category', CATEGORIES)),
    // The default list order (newest first, id as tie-break) and the filters beside it.
    index('products_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`not ${t.archived}`),
    index('products_category_idx')
      .on(t.category, t.createdAt.desc())
      .where(sql`not ${t.archived}`),
    index('products_price_idx')
      .on(t.priceCents)
      .where(sql`not ${t.archived}`),
    index('products_ratings_idx')
      .on(t.ratings)
      .where(sql`not ${t.archived}`),
    // The admin's product list sorted by name or stock (drizzle/0007_admin_products.sql).
    index('products_name_idx')
      .on(t.name, t.id)
      .where(sql`not ${t.archived}`),
    index('products_stock_idx')
      .on(t.stock, t.id)
      .where(sql`not ${t.archived}`),
    // Keyword search: substring LIKE on the folded name, served by trigrams. Categories, a
    // closed list, are matched in code.
    index('products_name_search_trgm_idx')
      .using('gin', sql`${t.nameSearch} gin_trgm_ops`)
      .where(sql`not ${t.archived}`),
  ],
)

// How many products are for sale per category, kept by the triggers of drizzle/0010 (an update
// counts only when a product is archived or changes category). Read by list-admin-products.ts.
export const productTotals = pgTable('product_totals', {
  category: text('category').primaryKey(),
  products: bigint('products', { mode: 'number' }).notNull().default(0),
})

// The words of product names (folded, 4+ characters, at least one letter), kept by triggers
// (drizzle/0002_search.sql). Typo correction compares a keyword with these few thousand words
// instead of with every product, so its cost does not grow with the catalog. Words are never
// removed: a stale one only corrects a typo to a word that no product has any more.
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
})

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    publicId: text('public_id').notNull(),
    position: smallint('position').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
)

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_user_product_key').on(t.userId, t.productId),
    index('reviews_product_idx').on(t.productId, t.createdAt.desc()),
    check('reviews_rating_check', sql`${t.rating} between 0 and 5`),
  ],
)

export const carts = pgTable('carts', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique('carts_user_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: updatedAt(),
  // Bumped with every change of the cart's lines (0014); the cart's ETag (cartETag, lib/cart/read-cart.ts).
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    check('cart_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
)

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    address: text('address').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    phoneNumber: text('phone_number').notNull(),
    pinCode: text('pin_code').notNull(),
    paymentInfo: text('payment_info').notNull().default('Done'),
    itemsCents: integer('items_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    orderStatus: text('order_status', { enum: ORDER_STATUSES }).notNull().default('processing'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    // Set together when the order is cancelled (0015): when, by whom, and an admin's reason,
    // which the shopper sees on the order's page and in the mail.
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: ['shopper', 'admin'] }),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    // The order-placed screen is still to be shown for this new order (0014).
    placedScreenDue: boolean('placed_screen_due').notNull().default(false),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    // The admin's order list (0005, 0008): by date with the id as tie-break, by status (or
    // filtered by it) then date, and by total; each read forwards or backwards for asc and desc.
    index('orders_created_id_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.orderStatus, t.createdAt, t.id),
    index('orders_total_idx').on(t.totalCents, t.id),
    check('orders_status_check', inList('order_status', ORDER_STATUSES)),
    check('orders_total_check', sql`${t.totalCents} = ${t.itemsCents} + ${t.shippingCents}`),
    check('orders_cancelled_by_check', inList('cancelled_by', ['shopper', 'admin'])),
  ],
)

// The number and sum of the orders per status, kept by the triggers of drizzle/0009 (16 rows per
// status, so that orders placed at once rarely wait on one row). Read by lib/orders/order-totals.ts.
export const orderTotals = pgTable(
  'order_totals',
  {
    orderStatus: text('order_status').notNull(),
    shard: smallint('shard').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orderStatus, t.shard], name: 'order_totals_pkey' })],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // No foreign key: the snapshot below must outlive the product.
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_price_check', sql`${t.priceCents} > 0`),
  ],
)

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    // The canonical hash of the order input the key placed (0014); null for older keys.
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
)

// The shared store of rate-limiter-flexible's RateLimiterPostgres (lib/auth/rate-limit.ts): its
// own layout, created here so that every process finds it (the library's own CREATE would race).
// `expire` is Unix milliseconds; rows past it count for nothing and are swept by the library.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
)

// Mail waiting for delivery, delivered and failed (drizzle/0013; lib/mail/queue-mail.ts writes,
// lib/mail/mail-worker.ts delivers). An insert notifies the channel `shop_mail` (a trigger).
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    data: jsonb('data').notNull().default({}),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claim: uuid('claim'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} <> 'pending'`),
    index('mail_outbox_user_idx').on(t.userId),
    check('mail_outbox_status_check', inList('status', MAIL_STATUSES)),
  ],
)

// Back-in-stock alerts (drizzle/0016): a shopper waiting for a sold-out product. The triggers of
// that migration mail them and end the row when its stock goes from 0 to more, and end it
// without a mail when the product is archived; a deleted user or product takes its rows along.
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'stock_alerts_pkey', columns: [t.productId, t.userId] }),
    index('stock_alerts_user_idx').on(t.userId),
  ],
)
