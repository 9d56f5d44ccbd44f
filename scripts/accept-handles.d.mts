import type { Server } from 'node:http'

/** Resolves with how many handles `server` listens with (1 when the copies could not be made). */
export function addAcceptHandles(
  server: Server,
  count: number,
  warn: (message: string) => void,
): Promise<number>
