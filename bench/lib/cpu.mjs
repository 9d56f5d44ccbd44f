// Where a bench's cores go (Linux; zeros elsewhere): the shop's processes, the busiest main thread
// (the shop's JavaScript runs on that one thread), the load generator, this machine's PostgreSQL
// (when the bench runs on it) and the whole machine, read from /proc. Used by bench:mixed and bench:checkout, whose load generators share the machine.
import fs from 'node:fs'

/** CPU seconds a process has used so far (Linux; 0 once it is gone or elsewhere). */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100 // utime + stime, USER_HZ = 100
  } catch {
    return 0
  }
}

/**
 * A process's main thread so far, in seconds (Linux; 0 elsewhere): the time it ran and the time it
 * waited, ready, for a core (/proc/<pid>/task/<pid>/schedstat: nanoseconds on a CPU, then
 * nanoseconds on the run queue). The shop's JavaScript runs on that one thread.
 */
function mainThreadSeconds(pid) {
  try {
    const [ran, waited] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')
    return { ran: Number(ran) / 1e9, waited: Number(waited) / 1e9 }
  } catch {
    return { ran: 0, waited: 0 }
  }
}

/**
 * CPU seconds this machine's PostgreSQL has used so far (Linux; 0 elsewhere, or with no local
 * server): its processes' own time, and the time of the backends that have exited, which the
 * server's first process (their parent) keeps as its children's.
 */
function postgresSeconds() {
  let ticks = 0
  let names = []
  try {
    names = fs.readdirSync('/proc')
  } catch {
    return 0
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue
    let stat
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue // gone meanwhile
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime, stime, and the exited children's cutime, cstime
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
  }
  return ticks / 100 // USER_HZ = 100
}

/** The whole machine's busy CPU seconds so far (Linux; 0 elsewhere). */
function machineBusySeconds() {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
    const n = ticks.map(Number)
    return (n.reduce((a, b) => a + b, 0) - n[3] - n[4]) / 100 // all but idle and iowait
  } catch {
    return 0
  }
}

/** Of the hosts' main threads, the one that ran the most between two readings, in cores. */
function busiestMainThread(from, to, cores) {
  let best = { mainRan: 0, mainWaited: 0 }
  to.forEach((t, i) => {
    const f = from[i] ?? { ran: 0, waited: 0 }
    const ran = cores(t.ran - f.ran)
    if (ran >= best.mainRan) best = { mainRan: ran, mainWaited: cores(t.waited - f.waited) }
  })
  return best
}

/**
 * Where the cores go from now until the returned function is called, in cores: the shop's
 * processes (`shop.pids()`), this load generator (which shares the machine), this machine's
 * PostgreSQL, and the machine as a whole (PostgreSQL and nginx included).
 */
export function cpuMeter(shop) {
  const read = () => ({
    app: shop.pids().reduce((sum, { pid }) => sum + cpuSeconds(pid), 0),
    // The busiest host's main thread (one host: its only one).
    main: shop.pids().map(({ pid }) => mainThreadSeconds(pid)),
    generator: process.cpuUsage(),
    database: postgresSeconds(),
    machine: machineBusySeconds(),
    at: performance.now(),
  })
  const from = read()
  return () => {
    const to = read()
    const s = (to.at - from.at) / 1000
    const gen = process.cpuUsage(from.generator)
    const cores = (x) => Math.round((x / s) * 100) / 100
    return {
      app: cores(to.app - from.app),
      ...busiestMainThread(from.main, to.main, cores),
      generator: cores((gen.user + gen.system) / 1e6),
      database: cores(to.database - from.database),
      machine: cores(to.machine - from.machine),
    }
  }
}
