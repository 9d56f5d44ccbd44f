import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { clientIp } from '@/lib/api/client-ip'
import { withApi } from '@/lib/api/handler'
import { signedInResponse } from '@/lib/api/session-cookies'
import { consumeLimit } from '@/lib/auth/rate-limit'
import { resetPassword } from '@/lib/users/reset-password'

// PUT /api/v1/password/reset/{token}: set a new password through the mailed link; signs the user in
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(
  '/password/reset/[token]',
  {
    PUT: withApi(async (request, ctx: RouteContext<'/api/v1/password/reset/[token]'>) => {
      await consumeLimit('resetPerAddress', clientIp(request))
      const { token } = await ctx.params
      const { fields } = await readBody(request)
      return signedInResponse(request, await resetPassword({ token, fields }))
    }),
  },
)
