// Types for large-bodies.mjs, for the TypeScript tests.
export type LargeBodyOutcome = {
  status: number
  ms: number
  sent: number
  body: string
  error: string | undefined
}
export function sendLargeBody(
  url: string,
  options: {
    bytes: number
    chunked?: boolean
    bytesPerSecond?: number
    from?: string
    field?: string
    headers?: Record<string, string>
  },
): Promise<LargeBodyOutcome>
export type AttackResult = LargeBodyOutcome & { path: string; chunked: boolean }
export function startAttack(options: {
  baseUrl: string
  paths: string[]
  attackers?: number
  bytes?: number
  bytesPerSecond?: number
  intervalMs?: number
  firstClient?: number
  headers?: Record<string, string>
}): { results: AttackResult[]; count: () => number; stop: () => Promise<AttackResult[]> }
