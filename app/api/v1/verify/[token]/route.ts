import { apiRoute } from '@/lib/api/api-route'
import { withApi } from '@/lib/api/handler'
import { signedInResponse } from '@/lib/api/session-cookies'
import { refuseCrossSiteGet } from '@/lib/api/state-changing-get'
import { verifyEmail } from '@/lib/users/verify-email'

// GET /api/v1/verify/{token}: use the mailed verification link; signs the user in
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/verify/[token]', {
  GET: withApi(async (request, ctx: RouteContext<'/api/v1/verify/[token]'>) => {
    // Another site must not sign a visitor into an account of its choosing (login CSRF).
    refuseCrossSiteGet(request)
    const { token } = await ctx.params
    return signedInResponse(request, await verifyEmail({ token }))
  }),
})
