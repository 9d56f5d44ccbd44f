import type { RequestListener } from 'node:http'

export type WarmUpStep = {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

export function warmUpSteps(product: { id: string; word: string } | undefined): WarmUpStep[]

export function warmUp(
  handler: RequestListener,
  options: { host: string; timeoutMs: number },
): Promise<{ steps: number; failed: string[]; ms: number; stopped?: string }>
