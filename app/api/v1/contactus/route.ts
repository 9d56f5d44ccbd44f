import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { countWrite } from '@/lib/api/write-limits'
import { sendContactMessage } from '@/lib/messages/send-contact-message'

// POST /api/v1/contactus: a message to the shop from the signed-in caller (rate-limited per user
// and per address: 429 with Retry-After)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/contactus', {
  POST: withUser(async (request, _ctx, actor, session) => {
    const { fields } = await readBody(request)
    const beforeWrite = () => countWrite('contact', { request, actor, session })
    const data = await sendContactMessage({ actor, fields, beforeWrite })
    return json({ success: true, message: 'Message sent', data }, { status: 201 })
  }),
})
