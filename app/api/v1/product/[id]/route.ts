import { withAbsoluteImages } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { notFound } from '@/lib/errors'
import { withApi } from '@/lib/api/handler'
import { authenticate } from '@/lib/auth/current-user'
import { sessionCookieFrom } from '@/lib/auth/session'
import { readProduct } from '@/lib/products/cached-reads'
import { isSubscribed } from '@/lib/products/stock-alerts'

// GET /api/v1/product/{id}: a product for sale, with its reviews. A signed-in caller also learns
// whether they asked to be told when it is back (`notifyMe`); that answer is theirs alone and is
// never stored by a cache (private, no-store; the front cache neither serves nor keeps requests
// with a session cookie, scripts/front-cache.mjs). The anonymous answer is the same bytes for
// everyone, as before, and the session is looked up only when a session cookie came.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/product/[id]', {
  GET: withApi(async (request, ctx: RouteContext<'/api/v1/product/[id]'>) => {
    const { id } = await ctx.params
    const hasSession = sessionCookieFrom(request.headers.get('cookie')) !== undefined
    const product = await readProduct({ id })
    if (!product) throw notFound('Product not found')
    const answer = { success: true, product: withAbsoluteImages(product) }
    if (!hasSession) return json(answer)
    const auth = await authenticate(request)
    const personal = auth
      ? { ...answer, notifyMe: await isSubscribed(auth.user.id, product._id) }
      : answer
    return json(personal, { headers: { 'Cache-Control': 'private, no-store' } })
  }),
})
