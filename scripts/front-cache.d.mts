import type { IncomingMessage, ServerResponse } from 'node:http'

export type FrontCache = {
  serve: (req: IncomingMessage, res: ServerResponse) => boolean
  capture: (req: IncomingMessage, res: ServerResponse) => void
  purge: () => void
  stats: { hits: number; stores: number; purges: number }
  size: () => number
}

export function createFrontCache(): FrontCache
