// Shared by the schema, the seed, validation and the UI (no server-only import on purpose).

/**
 * Category values stored on products, in the order of
 * docs/product.md "Rules, limits and constants".
 */
export const CATEGORIES = [
  'Laptop',
  'Phone',
  'Watches',
  'Fashion',
  'Households',
  'Sound',
  'Toys',
  'Furniture',
  'Books',
  'Camera',
  'MISCELLANEOUS',
] as const
export type Category = (typeof CATEGORIES)[number]

/**
 * The categories of the storefront's strip, in the order of docs/product.md "Home"
 * (MISCELLANEOUS is not one).
 */
export const STOREFRONT_CATEGORIES = [
  'Phone',
  'Laptop',
  'Fashion',
  'Households',
  'Watches',
  'Furniture',
  'Toys',
  'Sound',
  'Camera',
  'Books',
] as const satisfies readonly Category[]
export type StorefrontCategory = (typeof STOREFRONT_CATEGORIES)[number]

export const ITEM_CONDITIONS = ['New', 'Renewed'] as const
export type ItemCondition = (typeof ITEM_CONDITIONS)[number]

// processing → Shipped → Delivered, or Cancelled before delivery (lib/orders/status-flow.ts).
export const ORDER_STATUSES = ['processing', 'Shipped', 'Delivered', 'Cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ROLES = ['user', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const SHIPPING_COUNTRIES = ['India', 'USA', 'UK', 'Canada'] as const
