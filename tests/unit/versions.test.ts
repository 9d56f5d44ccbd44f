import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// docs/security.md "11. Next.js and React stay on patched releases": the build fails when next
// or react fall below the patched releases recorded in package.json ("minimumPatchedVersions");
// raise those when a security release comes out.
const root = path.join(import.meta.dirname, '../..')
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'))

function compare(a: string, b: string): number {
  const pa = a.split(/[.-]/).map(Number)
  const pb = b.split(/[.-]/).map(Number)
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

describe('framework versions', () => {
  const minimums: Record<string, string> = readJson(
    path.join(root, 'package.json'),
  ).minimumPatchedVersions

  it('records minimums for next, react and react-dom', () => {
    expect(Object.keys(minimums).sort()).toEqual(['next', 'react', 'react-dom'])
  })

  for (const [name, minimum] of Object.entries(minimums)) {
    it(`installs ${name} ${minimum} or newer`, () => {
      const installed: string = readJson(
        path.join(root, 'node_modules', name, 'package.json'),
      ).version
      expect(
        compare(installed, minimum),
        `${name} ${installed} < ${minimum}`,
      ).toBeGreaterThanOrEqual(0)
    })
  }

  it('compares versions numerically', () => {
    expect(compare('16.4.10', '16.4.6')).toBeGreaterThan(0)
    expect(compare('16.3.9', '16.4.0')).toBeLessThan(0)
  })
})
