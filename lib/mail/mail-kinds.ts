import 'server-only'
import { z } from '@/lib/zod'

// Every mail the shop sends, as it is queued: the kind, the account it concerns, the address it
// goes to, and what it is rendered from at delivery (lib/mail/render-mail.ts). Only the facts
// are stored, never rendered text and never a link's token: the token of a verify or reset link
// is issued when its mail leaves (so it is valid from the moment it arrives, and the table holds
// no secret), and queueing stays one small insert whatever the kind. Checked again when a row is
// read back, so a row written by another version of the shop fails clearly.

const common = {
  userId: z.uuid(),
  to: z.string().min(1),
  name: z.string(),
}

export const QueuedMailSchema = z.discriminatedUnion('kind', [
  /** After signup or a resend: the link that verifies the address. */
  z.object({ kind: z.literal('verify'), ...common }),
  /** After "forgot password": the link that sets a new one. */
  z.object({ kind: z.literal('reset'), ...common }),
  /** To the owner of an address someone signed up with again (a verify link while unverified). */
  z.object({ kind: z.literal('account-exists'), ...common }),
  /** After a password change or reset. */
  z.object({ kind: z.literal('password-changed'), ...common }),
  /** After an e-mail change, to the OLD address (`to`), naming the new one. */
  z.object({ kind: z.literal('email-changed'), ...common, newEmail: z.string().min(1) }),
  /** After a new order (read back from the order at delivery). */
  z.object({ kind: z.literal('order-confirmation'), ...common, orderId: z.uuid() }),
  /**
   * A product the shopper asked about can be bought again (read back from the product at
   * delivery). Queued by the database itself, by the trigger of drizzle/0016_back_in_stock.sql,
   * whatever raised the stock: keep the two in step.
   */
  z.object({ kind: z.literal('back-in-stock'), ...common, productId: z.uuid() }),
  /**
   * After an order's status changed: Shipped, Delivered, or Cancelled (by the shopper, or by an
   * admin with a reason). Everything it says is queued with it, so it still leaves if the order
   * is deleted meanwhile (a cancelled order may be). `total` in dollars.
   */
  z.object({
    kind: z.literal('order-status'),
    ...common,
    orderId: z.uuid(),
    status: z.enum(['Shipped', 'Delivered', 'Cancelled']),
    total: z.number(),
    cancelledBy: z.enum(['shopper', 'admin']).optional(),
    reason: z.string().optional(),
  }),
])

export type QueuedMail = z.infer<typeof QueuedMailSchema>
export type MailKind = QueuedMail['kind']
