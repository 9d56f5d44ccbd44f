import type { z } from 'zod'

export type FieldCheck<T> =
  { ok: true; data: T } | { ok: false; message: string; errors: Record<string, string> }

/**
 * A form's fields checked with the schema the API uses (lib/auth/schemas.ts), so a visitor hears
 * about a short name or password before anything is sent: the first complaint per field, and
 * the first of all as the message.
 */
export function checkFields<T>(schema: z.ZodType<T>, fields: unknown): FieldCheck<T> {
  const parsed = schema.safeParse(fields)
  if (parsed.success) return { ok: true, data: parsed.data }
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '')
    if (key && !(key in errors)) errors[key] = issue.message
  }
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the form', errors }
}
