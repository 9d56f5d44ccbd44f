import 'server-only'
import { AppError } from './errors'

// Text no endpoint can take: PostgreSQL refuses a NUL character in any text value, so one that
// reached a query would be a 500. Checked once here for the path, every query parameter and every
// field of a body, so each endpoint (and each one added later) answers 400 naming the input.

const NUL = '\u0000'

const refuse = (name: string) => new AppError(400, `${name} must not contain a NUL character`)

/** The request's path and query parameters (names and values). */
export function checkRequestText(request: Request): void {
  const url = new URL(request.url)
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    throw new AppError(400, 'The path is not valid percent-encoding')
  }
  if (path.includes(NUL)) throw refuse('The path')
  for (const [key, value] of url.searchParams) {
    if (key.includes(NUL)) throw refuse('A parameter name')
    if (value.includes(NUL)) throw refuse(key)
  }
}

/** Every string in a parsed body (JSON values at any depth, form fields), keys included. */
export function checkBodyText(value: unknown, path = ''): void {
  if (typeof value === 'string') {
    if (value.includes(NUL)) throw refuse(path || 'The body')
    return
  }
  if (typeof value !== 'object' || value === null) return
  for (const [key, item] of Object.entries(value)) {
    const name = path ? `${path}.${key}` : key
    if (key.includes(NUL)) throw refuse('A field name')
    checkBodyText(item, name)
  }
}
