import type { IncomingMessage, ServerResponse } from 'node:http'

export const MAX_GATHERED: number
export const SYNC_MAX: number

/** The coding the server compresses this request's answer in itself, or undefined (left to Next). */
export function wholeCodingFor(req: IncomingMessage): 'gzip' | 'deflate' | undefined

/** Takes the request's Accept-Encoding away from Next and compresses its answer once it is whole. */
export function compressWhole(
  req: IncomingMessage,
  res: ServerResponse,
  coding: 'gzip' | 'deflate',
): void
