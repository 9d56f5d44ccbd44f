import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { clientIp } from '@/lib/api/client-ip'
import { AppError } from '@/lib/api/errors'
import { withApi } from '@/lib/api/handler'
import { signedInResponse } from '@/lib/api/session-cookies'
import { checkLimit, consumeLimit, resetLimit } from '@/lib/auth/rate-limit'
import { LoginSchema } from '@/lib/auth/schemas'
import { logIn } from '@/lib/users/log-in'

// POST /api/v1/login: sign in with e-mail and password
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/login', {
  POST: withApi(async (request) => {
    await consumeLimit('loginPerAddress', clientIp(request))
    const { fields } = await readBody(request)
    const input = LoginSchema.parse({ email: fields.email, password: fields.password })
    // Guessing one account's password from many addresses stops here too.
    await checkLimit('loginFailuresPerAccount', input.email)
    try {
      const user = await logIn(input)
      await resetLimit('loginFailuresPerAccount', input.email)
      return signedInResponse(request, user)
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        await consumeLimit('loginFailuresPerAccount', input.email)
      }
      throw error
    }
  }),
})
