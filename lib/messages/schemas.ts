import { z } from '@/lib/zod'
import { MESSAGE_LENGTH } from './rules'

// The body of POST /api/v1/contactus, shared by the handler and the contact form. Only the
// message: the sender's name and e-mail come from the session.
// No `server-only`: the form checks the same rules before it sends anything.

export const ContactMessageSchema = z.object({
  message: z
    .string({ error: 'Please write a message' })
    .trim()
    .min(MESSAGE_LENGTH.min, `Message must be at least ${MESSAGE_LENGTH.min} characters`)
    .max(
      MESSAGE_LENGTH.max,
      `Message must be at most ${MESSAGE_LENGTH.max.toLocaleString('en-US')} characters`,
    ),
})
export type ContactMessageInput = z.infer<typeof ContactMessageSchema>
