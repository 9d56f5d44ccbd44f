import 'server-only'
// A short name for the device behind a User-Agent ("Chrome on Windows"), for the list of
// sessions on the profile page. A User-Agent is whatever the client sends: this only has to be
// recognisable to the person who signed in, never trusted, and never longer than a line.

const BROWSERS: [RegExp, string][] = [
  // Order matters: each of these also claims to be the ones below it.
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|HeadlessChrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

export const UNKNOWN_DEVICE = 'Unknown device'
const MAX_LENGTH = 60

/** "Browser on System", or the client's own first product name (curl, an app), or unknown. */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512)
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1]
  if (browser && system) return `${browser} on ${system}`
  if (browser || system) return (browser ?? system)!
  // Another client: its first product token ("curl/8.5.0" → "curl"), printable ASCII only.
  const product = /^\s*([A-Za-z][\w.+-]*)/.exec(ua)?.[1]
  return product ? product.slice(0, MAX_LENGTH) : UNKNOWN_DEVICE
}
