import 'server-only'
// How the device list says when a session was last used or began ("Active now", "3 hours ago").
// Worked out where the page is rendered, so the words never differ between server and browser.

// "Last seen" moves on every 5 minutes at most (SESSION_LIFETIME.touchAfterSeconds), so anything
// more recent than that is as good as now.
const NOW_SECONDS = 5 * 60

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** "5 minutes ago", "yesterday", "12 days ago"; "just now" under a minute. */
export function timeAgo(when: Date | string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(when).getTime()) / 1000))
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit)
  }
  return 'just now'
}

/** When a session was last used, as the device list says it. */
export function lastSeenText(lastSeenAt: Date | string, now: number): string {
  const seconds = (now - new Date(lastSeenAt).getTime()) / 1000
  return seconds < NOW_SECONDS ? 'Active now' : `Last seen ${timeAgo(lastSeenAt, now)}`
}
