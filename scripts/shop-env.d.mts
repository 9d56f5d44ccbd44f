export function loadShopEnv(dir?: string): void
