export function percentiles(ms: number[]): { n: number; p50: number; p99: number; max: number }
