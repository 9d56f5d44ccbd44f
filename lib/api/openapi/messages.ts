import 'server-only'
import { MESSAGE_SORTS } from '@/lib/messages/list-messages'
import { ContactMessageSchema } from '@/lib/messages/schemas'
import { z } from '@/lib/zod'
import { domain } from './describe'
import { listParams } from './params'
import { Message, ok, okMessage, paging } from './shapes'

// POST /contactus, GET /admin/messages, DELETE /admin/message/{id} (docs/api.md#contact-messages).

export const messageDocs = domain({
  tag: { name: 'Contact messages', description: 'Messages to the shop, and the admin inbox' },
  paths: {
    '/contactus': {
      POST: {
        summary: 'Send the shop a message',
        description: "The sender's name and e-mail are the account's.",
        access: 'user',
        body: { schema: ContactMessageSchema },
        rateLimits: ['contactPerUser', 'contactPerAddress'],
        responses: {
          201: {
            description: 'Sent',
            schema: ok({ message: z.literal('Message sent'), data: Message }),
          },
        },
      },
    },
    '/admin/messages': {
      GET: {
        summary: 'The contact messages, newest first',
        access: 'admin',
        query: listParams(MESSAGE_SORTS, { sort: 'createdAt', dir: 'desc' }),
        responses: {
          200: { description: 'The messages', schema: ok({ data: z.array(Message), ...paging }) },
        },
      },
    },
    '/admin/message/[id]': {
      DELETE: {
        summary: 'Remove a contact message',
        access: 'admin',
        pathParams: { id: "The message's id" },
        responses: {
          200: { description: 'Removed', schema: okMessage('Message deleted') },
          404: { description: "'Message not found'" },
        },
      },
    },
  },
})
