import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { clientIp } from '@/lib/api/client-ip'
import { AppError } from '@/lib/errors'
import { withApi } from '@/lib/api/handler'
import { signedInResponse } from '@/lib/api/session-cookies'
import { failureBudget, withinBudget } from '@/lib/auth/device-cookie'
import { consumeLimit } from '@/lib/auth/rate-limit'
import { LoginSchema } from '@/lib/auth/schemas'
import { logIn } from '@/lib/users/log-in'

// POST /api/v1/login: sign in with e-mail and password
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/login', {
  POST: withApi(async (request) => {
    await consumeLimit('loginPerAddress', clientIp(request))
    const { fields } = await readBody(request)
    const input = LoginSchema.parse({ email: fields.email, password: fields.password })
    // Guessing one account's password from many addresses stops here too: the failures count
    // per account, or per browser for one that signed in to it before (device-cookie.ts).
    const budget = await failureBudget(request, { email: input.email })
    const user = await withinBudget(
      budget,
      () => logIn(input),
      (error) => error instanceof AppError && error.code === 'UNAUTHENTICATED',
    )
    return signedInResponse(request, user)
  }),
})
