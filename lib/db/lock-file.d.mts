export const LOCK_FILE: string
export function readLock(dataDir: string): { pid: number; host: string } | undefined
export function lockHolder(dataDir: string): number | undefined
export function lockedMessage(dataDir: string, pid: number): string
