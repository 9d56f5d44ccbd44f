import 'server-only'
// The one table of /api/v1 paths (docs/api.md#endpoints) and their methods. It decides the
// `Allow` header of every 405 and OPTIONS answer, and it is where a method is added: list it
// under `methods` and the typecheck then asks for its handler in the route file (see
// api-route.ts).
//
// Static paths beside a dynamic one (`/product/updatestock` beside `/product/[id]`) get their own
// route folder when built: Next prefers the static segment. Until then the dynamic route receives
// them, and api-route.ts answers them from their own row here, never as an id.

import { HTTP_METHODS } from './http-methods.cjs'

export { HTTP_METHODS }
export type HttpMethod = (typeof HTTP_METHODS)[number]
type Method = Exclude<HttpMethod, 'HEAD' | 'OPTIONS'>

type Row = { methods: readonly Method[] }

export const API_ROUTES = {
  '/products': { methods: ['GET'] },
  '/product/updatestock': { methods: ['PUT'] },
  '/product/[id]': { methods: ['GET'] },
  // Not in the original contract: 'Notify me' on a sold-out product (docs/api.md#catalog).
  '/product/[id]/notify': { methods: ['POST', 'DELETE'] },
  '/reviews': { methods: ['GET', 'DELETE'] },
  '/review': { methods: ['PUT'] },
  '/contactus': { methods: ['POST'] },
  '/cart': { methods: ['GET', 'DELETE'] },
  '/cart/add': { methods: ['POST'] },
  '/cart/remove/[productId]': { methods: ['DELETE'] },
  '/order/new': { methods: ['POST'] },
  '/order/[id]': { methods: ['GET'] },
  // Not in the original contract: the owner cancels a processing order (issue 19).
  '/order/[id]/cancel': { methods: ['PUT'] },
  '/orders/me': { methods: ['GET'] },
  '/register': { methods: ['POST'] },
  '/verify/resend': { methods: ['POST'] },
  '/verify/[token]': { methods: ['GET'] },
  '/login': { methods: ['POST'] },
  '/login/guest': { methods: ['POST'] },
  '/logout': { methods: ['GET', 'POST'] },
  '/me': { methods: ['GET'] },
  '/me/update': { methods: ['PUT'] },
  // Not in the original contract: the devices of the caller (decision 2, docs/api.md#accounts).
  '/me/sessions': { methods: ['GET', 'DELETE'] },
  '/me/sessions/[id]': { methods: ['DELETE'] },
  '/password/update': { methods: ['PUT'] },
  '/password/forgot': { methods: ['POST'] },
  '/password/reset/[token]': { methods: ['PUT'] },
  '/admin/messages': { methods: ['GET'] },
  '/admin/message/[id]': { methods: ['DELETE'] },
  '/admin/getAllUser': { methods: ['GET'] },
  '/admin/getUser/[id]': { methods: ['GET'] },
  '/admin/updateuserrole/[userId]': { methods: ['PUT'] },
  '/admin/products': { methods: ['GET'] },
  // Not in the original contract: the CSV import (issue 19, docs/api.md#admin-products).
  '/admin/products/import': { methods: ['POST'] },
  '/admin/product/new': { methods: ['POST'] },
  '/admin/product/[id]': { methods: ['PUT', 'DELETE'] },
  '/admin/orders': { methods: ['GET'] },
  '/admin/order/[id]': { methods: ['PUT', 'DELETE'] },
  // This API described in OpenAPI 3.1 (lib/api/openapi/, docs/api.md#the-openapi-document).
  '/openapi.json': { methods: ['GET'] },
} as const satisfies Record<string, Row>

export type ApiPath = keyof typeof API_ROUTES
export type MethodsOf<P extends ApiPath> = (typeof API_ROUTES)[P]['methods'][number]

export const API_PREFIX = '/api/v1'

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').slice(1)
  return (
    parts.length === segments.length &&
    parts.every((p, i) => p.startsWith('[') || p === segments[i])
  )
}

/** Dynamic segments count less than static ones, as in Next's own routing. */
const specificity = (pattern: string) => -(pattern.match(/\[/g)?.length ?? 0)

const PATTERNS = (Object.keys(API_ROUTES) as ApiPath[]).sort(
  (a, b) => specificity(b) - specificity(a),
)

/** The table row a request path (with or without the /api/v1 prefix) belongs to, if any. */
export function matchApiPath(pathname: string): ApiPath | undefined {
  const rest = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) : pathname
  const segments = rest.split('/').slice(1)
  return PATTERNS.find((p) => matches(p, segments))
}

/** The value of the `Allow` header: the built methods, HEAD with GET, and OPTIONS. */
export function allowedMethods(path: ApiPath | undefined): HttpMethod[] {
  const built: readonly HttpMethod[] = path ? API_ROUTES[path].methods : []
  const has = (m: HttpMethod) => built.includes(m) || (m === 'HEAD' && built.includes('GET'))
  return HTTP_METHODS.filter((m) => m === 'OPTIONS' || has(m))
}
