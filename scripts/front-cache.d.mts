import type { IncomingMessage, ServerResponse } from 'node:http'

export type FrontCache = {
  serve: (req: IncomingMessage, res: ServerResponse) => boolean
  capture: (req: IncomingMessage, res: ServerResponse) => void
  purge: () => void
}

export function createFrontCache(): FrontCache
