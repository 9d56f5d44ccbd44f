export const COMMON_DIRECTIVES: readonly string[]
export const DEV_EVAL: string
export function hashPolicy(hashes: readonly string[]): string
export const STATIC_POLICY: string
export const PAGE_POLICY_HEADER: string
