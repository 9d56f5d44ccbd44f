// Sums of a V8 CPU profile (.cpuprofile, as BENCH_CPU_PROF writes them) for
// bench/profile-summary.mjs: busy time per second, and self and inclusive time by function or by
// file within a window. A sample stands for the time until the next one; samples of "(idle)"
// count as idle, every other sample as busy.
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

const nodesOf = (profile) => new Map(profile.nodes.map((node) => [node.id, node]))

/** Each sample's node, its time since the profile's start and the time it stands for (µs). */
function* samples(profile, nodes = nodesOf(profile)) {
  let at = 0
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]
    yield { node: nodes.get(profile.samples[i]), at, us: profile.timeDeltas[i + 1] ?? 0 }
  }
}

const isIdle = (node) => node.callFrame.functionName === '(idle)'

/** Busy milliseconds in each second from the profile's start. */
export function busyPerSecond(profile) {
  const busy = []
  for (const { node, at, us } of samples(profile)) {
    const second = Math.floor(at / 1e6)
    busy[second] = (busy[second] ?? 0) + (isIdle(node) ? 0 : us)
  }
  return Array.from(busy, (us) => (us ?? 0) / 1e3)
}

/**
 * A package by its name (Next by its dist folder), Node's own modules as they are, the
 * repository's files by their path in it.
 */
export function fileOf(url, root = ROOT) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)/.exec(url)
  if (pkg) {
    if (pkg[1] !== 'next') return pkg[1]
    return `next/${pkg[2]
      .replace(/^dist\//, '')
      .split('/')
      .slice(0, 2)
      .join('/')}`
  }
  if (url.startsWith('node:')) return url
  const local = url.replace(/^file:\/\//, '')
  return local.startsWith(root + '/') ? local.slice(root.length + 1) : local
}

/**
 * Busy and idle milliseconds within [fromSeconds, toSeconds], and self and inclusive milliseconds
 * by key, largest first. `by`: 'function' (name, file and line) or 'file' (fileOf). Functions
 * without a file (the garbage collector, native calls) keep their name. A key counts once per
 * sample however deep it recurs.
 */
export function summarize(
  profile,
  { fromSeconds = -Infinity, toSeconds = Infinity, by = 'function', root = ROOT } = {},
) {
  const nodes = nodesOf(profile)
  const parents = new Map()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id)
  const keyOf = (node) => {
    const { functionName, url, lineNumber } = node.callFrame
    if (!url) return functionName || '(anonymous)'
    if (by === 'file') return fileOf(url, root)
    return `${functionName || '(anonymous)'} ${fileOf(url, root)}:${lineNumber + 1}`
  }
  const self = new Map()
  const inclusive = new Map()
  let busy = 0
  let idle = 0
  for (const { node, at, us } of samples(profile, nodes)) {
    if (at < fromSeconds * 1e6 || at > toSeconds * 1e6) continue
    if (isIdle(node)) {
      idle += us
      continue
    }
    busy += us
    const key = keyOf(node)
    self.set(key, (self.get(key) ?? 0) + us)
    const seen = new Set()
    for (let id = node.id; id !== undefined; id = parents.get(id)) {
      const caller = keyOf(nodes.get(id))
      if (seen.has(caller)) continue
      seen.add(caller)
      inclusive.set(caller, (inclusive.get(caller) ?? 0) + us)
    }
  }
  const inMs = (map) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([key, us]) => ({ key, ms: us / 1e3 }))
  return { busyMs: busy / 1e3, idleMs: idle / 1e3, self: inMs(self), inclusive: inMs(inclusive) }
}
