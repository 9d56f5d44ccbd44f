import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { clientIp } from '@/lib/api/client-ip'
import { json } from '@/lib/api/errors'
import { withApi } from '@/lib/api/handler'
import { consumeLimit } from '@/lib/auth/rate-limit'
import { forgotPassword } from '@/lib/users/forgot-password'

// POST /api/v1/password/forgot: mail a reset link (the same answer for any address)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/password/forgot', {
  POST: withApi(async (request) => {
    await consumeLimit('forgotPerAddress', clientIp(request))
    const { fields } = await readBody(request)
    if (typeof fields.email === 'string') {
      await consumeLimit('forgotPerAccount', fields.email.trim().toLowerCase())
    }
    const { message } = await forgotPassword({ fields })
    return json({ success: true, message })
  }),
})
