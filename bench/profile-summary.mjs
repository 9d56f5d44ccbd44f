// A V8 CPU profile (.cpuprofile, as BENCH_CPU_PROF writes them) summed up in a terminal: where a
// thread spent its time within a window, by function or by file, so that two servers' profiles of
// the same phase can be set side by side without DevTools (bench/lib/cpu-profile.mjs).
//
//   node bench/profile-summary.mjs FILE --per-second
//       busy milliseconds in each second of the profile (to find a phase: the load, an idle
//       pause, the distinct queries), counted from the profile's start
//   node bench/profile-summary.mjs FILE [--from S] [--to S] [--by function|file] [--top N]
//       busy and idle time within seconds S to S, then the top N (default 30) by self time and
//       by inclusive time (a function counted once per sample however deep it recurs)
//
// --by file groups by package (node_modules/<name>, Next by its dist folder), by Node's own
// module (node:…), or by the repository's file. V8 writes one profile per thread: a shop on the
// embedded database has one for its main thread and one for the database's worker (the thread's
// number is in the file's name).
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { busyPerSecond, summarize } from './lib/cpu-profile.mjs'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'per-second': { type: 'boolean', default: false },
    from: { type: 'string' },
    to: { type: 'string' },
    by: { type: 'string', default: 'function' },
    top: { type: 'string', default: '30' },
  },
})
const [file] = positionals
const seconds = (value) => (value === undefined ? undefined : Number(value))
if (
  !file ||
  !['function', 'file'].includes(args.by) ||
  [args.from, args.to, args.top].some((v) => v !== undefined && !Number.isFinite(Number(v)))
) {
  console.error(
    'usage: node bench/profile-summary.mjs FILE [--per-second | --from S --to S --by function|file --top N]',
  )
  process.exit(2)
}

let profile
try {
  profile = JSON.parse(fs.readFileSync(file, 'utf8'))
} catch (error) {
  console.error(
    `${file}: not a readable CPU profile (${error instanceof Error ? error.message : error})`,
  )
  process.exit(1)
}
const name = path.basename(file)
if (args['per-second']) {
  const cells = busyPerSecond(profile).map((ms, second) => `${second}:${Math.round(ms)}`)
  console.log(`busy ms per second of ${name}:\n${cells.join(' ')}`)
} else {
  const summary = summarize(profile, {
    fromSeconds: seconds(args.from),
    toSeconds: seconds(args.to),
    by: args.by,
  })
  const table = (list) =>
    list
      .slice(0, Number(args.top))
      .map(({ key, ms }) => {
        const share = ((100 * ms) / summary.busyMs).toFixed(1)
        return `${ms.toFixed(1).padStart(9)} ${share.padStart(5)} %  ${key}`
      })
      .join('\n')
  const window = `${args.from ?? 'start'} s to ${args.to ?? 'end'} s`
  console.log(
    `${name}, ${window}: busy ${summary.busyMs.toFixed(1)} ms, idle ${summary.idleMs.toFixed(1)} ms`,
  )
  console.log(`\nself (ms, % of busy)\n${table(summary.self)}`)
  console.log(`\ninclusive (ms, % of busy)\n${table(summary.inclusive)}`)
}
