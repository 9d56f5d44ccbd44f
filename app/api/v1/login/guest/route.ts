import { apiRoute } from '@/lib/api/api-route'
import { clientIp } from '@/lib/api/client-ip'
import { withApi } from '@/lib/api/handler'
import { signedInResponse } from '@/lib/api/session-cookies'
import { consumeLimit } from '@/lib/auth/rate-limit'
import { guestLogin } from '@/lib/users/guest-login'

// POST /api/v1/login/guest: Guest Mode, signs in as the demo admin (demo mode only; 404 otherwise)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/login/guest', {
  POST: withApi(async (request) => {
    const admin = await guestLogin()
    await consumeLimit('guestPerAddress', clientIp(request))
    return signedInResponse(request, admin)
  }),
})
