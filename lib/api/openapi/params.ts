import 'server-only'
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_Q_LENGTH } from '@/lib/admin/list-params'
import { z } from '@/lib/zod'

// Query parameters that the handlers read by hand (lib/admin/list-params.ts and its users), as
// zod objects for the OpenAPI document. Parsing stays in those modules; these say what they take.

const MAX_PAGE = 1_000_000

/** The admin lists' parameters (docs/api.md#admin-list-parameters-addition). */
export function listParams(
  sorts: readonly string[],
  defaults: { sort: string; dir: 'asc' | 'desc' },
) {
  return z.object({
    page: z
      .string()
      .optional()
      .describe(`Whole number 1 to ${MAX_PAGE}, default 1. Any list parameter asks for one page`),
    limit: z
      .string()
      .optional()
      .describe(`Whole number 1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}`),
    q: z.string().max(MAX_Q_LENGTH).optional().describe('Search text, trimmed'),
    sort: z
      .enum(sorts as [string, ...string[]])
      .optional()
      .describe(`Default ${defaults.sort}`),
    dir: z.string().optional().describe(`asc or desc (any case), default ${defaults.dir}`),
  })
}
