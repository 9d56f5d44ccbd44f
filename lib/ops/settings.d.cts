export const LOG_LEVELS: string[]
export type OpsSettings = {
  logLevel: string
  metricsToken: string | undefined
  trustProxy: boolean
}
export function parseOpsSettings(source: Record<string, string | undefined>): {
  settings: OpsSettings
  issues: string[]
}
export function opsSettings(source?: Record<string, string | undefined>): OpsSettings
export function requestIdFor(header: string | string[] | undefined, trustProxy: boolean): string
export function bearerMatches(header: string | undefined, token: string): boolean
