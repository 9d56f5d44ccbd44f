export type LockInfo = { pid: number; host: string; started: string | undefined }
export const LOCK_FILE: string
export function processStartTime(pid: number): string | undefined
export function lockBody(): string
export function parseLock(text: string): LockInfo | undefined
export function readLock(dataDir: string): LockInfo | undefined
export function holdsLock(info: LockInfo): boolean
export function isOwn(info: LockInfo): boolean
export function lockHolder(dataDir: string): number | undefined
export function lockedMessage(dataDir: string, pid: number): string
export function createLock(file: string, body: string): boolean
export function removeStale(file: string, seen: string): void
