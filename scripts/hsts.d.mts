import type { IncomingMessage } from 'node:http'

export const HSTS_HEADER: string
export const HSTS_VALUE: string
export function createHsts(settings: {
  appUrl?: string
  trustProxy: boolean | string[]
}): (req: IncomingMessage) => boolean
