import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { clientIp } from '@/lib/api/client-ip'
import { json } from '@/lib/api/errors'
import { withApi } from '@/lib/api/handler'
import { consumeLimit } from '@/lib/auth/rate-limit'
import { registerUser } from '@/lib/users/register-user'

// POST /api/v1/register: create an unverified account (multipart with the avatar); the link goes by mail
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/register', {
  POST: withApi(async (request) => {
    await consumeLimit('registerPerAddress', clientIp(request))
    const { fields, files } = await readBody(request)
    const avatar = files.get('image')?.[0] ?? files.get('avatar')?.[0]
    const { message } = await registerUser({ fields, avatar })
    return json({ success: true, message }, { status: 201 })
  }),
})
