export const COMPILE_HINT: string
export function markCompileHints(root: string): number
