import 'server-only'
import type { z } from 'zod'
import { zodMessage } from './handler'

/** Parses a request's query string with a schema; a bad parameter is a 400 naming it. */
export function parseQuery<S extends z.ZodType>(
  request: Request,
  schema: S,
  pick: (params: URLSearchParams) => unknown,
): z.output<S> {
  const parsed = schema.safeParse(pick(new URL(request.url).searchParams))
  if (!parsed.success) throw zodMessage(parsed.error)
  return parsed.data
}
