// Types for http-client.mjs, for the TypeScript tests (tests/cluster).
import type { Agent, IncomingHttpHeaders } from 'node:http'

export function clientAddress(n: number): string
export type Answer = {
  status: number
  headers: IncomingHttpHeaders
  buffer: Buffer
  text: string
  json: () => any // eslint-disable-line @typescript-eslint/no-explicit-any
  cookies: string
}
export function request(
  url: string,
  init?: {
    method?: string
    headers?: Record<string, string>
    body?: string | Buffer
    from?: string
    agent?: Agent
    timeoutMs?: number
  },
): Promise<Answer>
