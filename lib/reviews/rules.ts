// The review rules' numbers (docs/api.md#server-side-rules, Reviews), without zod: the product
// page is at its script budget, and a form that only shows or checks these need not load zod.
export const RATING_RANGE = { min: 0, max: 5 } as const
export const COMMENT_LENGTH = { min: 1, max: 2000 } as const
