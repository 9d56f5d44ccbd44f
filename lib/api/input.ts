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

// No body of this shop nests deeper; a deeper one is refused rather than walked.
const MAX_DEPTH = 32

/**
 * Every string in a parsed body (JSON values at any depth, form fields), keys included. Walked
 * with a list rather than recursion: JSON.parse takes 100 kB of brackets, the stack would not.
 */
export function checkBodyText(body: unknown): void {
  const todo: { value: unknown; path: string; depth: number }[] = [
    { value: body, path: '', depth: 0 },
  ]
  for (let next = todo.pop(); next; next = todo.pop()) {
    const { value, path, depth } = next
    if (typeof value === 'string') {
      if (value.includes(NUL)) throw refuse(path || 'The body')
      continue
    }
    if (typeof value !== 'object' || value === null) continue
    if (depth >= MAX_DEPTH)
      throw new AppError(400, `The body nests deeper than ${MAX_DEPTH} levels`)
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) throw refuse('A field name')
      todo.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 })
    }
  }
}
