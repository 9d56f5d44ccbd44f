import { describe, expect, it } from 'vitest'
import { busyPerSecond, fileOf, summarize, type CpuProfile } from '../../bench/lib/cpu-profile.mjs'

const ROOT = '/repo'
const frame = (functionName: string, url = '', lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
})

// (root) → handle (Next) → render (the repository's file) → render again (recursion);
// (root) → (garbage collector); (root) → (idle)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 5, 6] },
    {
      id: 2,
      callFrame: frame('handle', 'file:///repo/node_modules/next/dist/server/base-server.js', 9),
      children: [3],
    },
    { id: 3, callFrame: frame('render', 'file:///repo/lib/render.ts', 4), children: [4] },
    { id: 4, callFrame: frame('render', 'file:///repo/lib/render.ts', 4) },
    { id: 5, callFrame: frame('(garbage collector)') },
    { id: 6, callFrame: frame('(idle)') },
  ],
  // Each sample stands for the time until the next one (µs); the last stands for none.
  samples: [4, 3, 5, 6, 2, 6],
  timeDeltas: [0, 400_000, 300_000, 200_000, 500_000, 100_000],
}

describe('the CPU profile summary', () => {
  it('counts busy time per second from the profile start, idle samples apart', () => {
    // 0 s: render 400 ms, render 300 ms, gc 200 ms (at 0.9 s); 1.4 s: idle; 1.5 s: handle
    expect(busyPerSecond(profile)).toEqual([900, 100])
  })

  it('sums self and inclusive time, a recursive function once per sample', () => {
    const summary = summarize(profile, { root: ROOT })
    expect(summary.busyMs).toBe(1_000)
    expect(summary.idleMs).toBe(500)
    expect(summary.self).toEqual([
      { key: 'render lib/render.ts:5', ms: 700 },
      { key: '(garbage collector)', ms: 200 },
      { key: 'handle next/server/base-server.js:10', ms: 100 },
    ])
    expect(summary.inclusive.slice(0, 3)).toEqual([
      { key: '(root)', ms: 1_000 },
      { key: 'handle next/server/base-server.js:10', ms: 800 },
      { key: 'render lib/render.ts:5', ms: 700 },
    ])
  })

  it('keeps only the samples within the window, and groups by file when asked', () => {
    const summary = summarize(profile, { fromSeconds: 0.3, toSeconds: 1, by: 'file', root: ROOT })
    expect(summary.busyMs).toBe(500)
    expect(summary.self).toEqual([
      { key: 'lib/render.ts', ms: 300 },
      { key: '(garbage collector)', ms: 200 },
    ])
  })

  it('names packages, Node modules and the repository files', () => {
    expect(fileOf('file:///repo/node_modules/@electric-sql/pglite/dist/x.js', ROOT)).toBe(
      '@electric-sql/pglite',
    )
    expect(fileOf('file:///repo/node_modules/next/dist/compiled/next-server/a.js', ROOT)).toBe(
      'next/compiled/next-server',
    )
    expect(fileOf('node:internal/worker', ROOT)).toBe('node:internal/worker')
    expect(fileOf('file:///repo/scripts/server.mjs', ROOT)).toBe('scripts/server.mjs')
  })
})
