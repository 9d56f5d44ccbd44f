// The account rules' numbers (docs/api.md#server-side-rules, Accounts), without zod: a form that
// only shows them (the login form's fields) need not load it.
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const
export const NAME_LENGTH = { min: 4, max: 30 } as const
