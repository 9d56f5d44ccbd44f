// Types for connection.mjs, for the TypeScript tests (tests/unit/bench-connection.test.ts).
import type { Answer } from './http-client.mjs'

export class Connection {
  constructor(origin: string, options?: { localAddress?: string })
  request(
    path: string,
    init?: {
      method?: string
      headers?: Record<string, string>
      body?: string | Buffer
      timeoutMs?: number
    },
  ): Promise<Answer>
  close(): void
}
