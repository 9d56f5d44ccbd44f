export function installDetachedScope(): void
