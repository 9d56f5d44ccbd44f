import 'server-only'
import { logger } from '@/lib/ops/logger.cjs'

// Account mails leave after the answer: waiting for the mail server would make "this address has
// an account" (a mail goes out) slower than "it has none" (nothing does), and an answer's timing
// must not tell them apart. A failed delivery is logged; the user can ask for the mail again.

export function deliverLater(kind: string, send: () => Promise<void>): void {
  void send().catch((error: unknown) => {
    logger().error(
      { kind, error: error instanceof Error ? error.message : String(error) },
      'mail delivery failed',
    )
  })
}
