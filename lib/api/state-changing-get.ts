import 'server-only'
import { AppError } from '@/lib/errors'
import { mayChangeState } from './origin'

/** Refuses a state-changing GET that another site sent (a link, an image, a redirect). */
export function refuseCrossSiteGet(request: Request): void {
  if (!mayChangeState(request)) throw new AppError('FORBIDDEN', 'Cross-site request refused')
}
