export type CpuProfile = {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
    children?: number[]
  }[]
  samples: number[]
  timeDeltas: number[]
}
export type Timed = { key: string; ms: number }
export function busyPerSecond(profile: CpuProfile): number[]
export function fileOf(url: string, root?: string): string
export function summarize(
  profile: CpuProfile,
  options?: { fromSeconds?: number; toSeconds?: number; by?: 'function' | 'file'; root?: string },
): { busyMs: number; idleMs: number; self: Timed[]; inclusive: Timed[] }
