import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { clientIp } from '@/lib/api/client-ip'
import { json } from '@/lib/api/errors'
import { withApi } from '@/lib/api/handler'
import { consumeLimit } from '@/lib/auth/rate-limit'
import { resendVerification } from '@/lib/users/resend-verification'

// POST /api/v1/verify/resend: mail a new verification link (the same answer for any address)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/verify/resend', {
  POST: withApi(async (request) => {
    await consumeLimit('resendPerAddress', clientIp(request))
    const { fields } = await readBody(request)
    if (typeof fields.email === 'string') {
      await consumeLimit('resendPerAccount', fields.email.trim().toLowerCase())
    }
    const { message } = await resendVerification({ fields })
    return json({ success: true, message })
  }),
})
