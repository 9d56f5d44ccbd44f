// Lighthouse with its default (mobile: Moto G Power, slow 4G, 4x CPU slowdown) settings, run
// against the same server the load test used.
import fs from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

const chromium = JSON.parse(
  fs.readFileSync(new URL('../../scripts/chromium.json', import.meta.url), 'utf8'),
)
const CHROME_FLAGS = ['--headless=new', ...chromium.args]

/** Transferred JavaScript: the resource summary when present, else the request list. */
function scriptBytes(lhr) {
  const summary = lhr.audits['resource-summary']?.details?.items
  const script = summary?.find((item) => item.resourceType === 'script')
  if (script) return script.transferSize
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  const scripts = requests.filter((r) => r.resourceType === 'Script')
  return scripts.length > 0 ? scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) : null
}

/** The audits of a category that count and did not pass (performance: only the metrics). */
function losing(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && typeof audit.score === 'number' && audit.score < 1)
    .map((audit) => audit.id)
}

function summarize(lhr) {
  const score = (id) => {
    const value = lhr.categories[id]?.score
    return typeof value === 'number' ? Math.round(value * 100) : null
  }
  const metric = (id) => lhr.audits[id]?.numericValue ?? null
  return {
    finalUrl: lhr.finalDisplayedUrl,
    status: lhr.runtimeError ? lhr.runtimeError.code : 'ok',
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    scriptTransferBytes: scriptBytes(lhr),
    // What costs points, so that a score below target says where to look.
    failing: Object.fromEntries(CATEGORIES.map((id) => [id, losing(lhr, id)])),
    consoleErrors: (lhr.audits['errors-in-console']?.details?.items ?? [])
      .slice(0, 5)
      .map((item) => `${item.description ?? ''} ${item.sourceLocation?.url ?? item.url ?? ''}`)
      .map((line) => line.trim().slice(0, 240)),
    browserIssues: (lhr.audits['inspector-issues']?.details?.items ?? []).map(
      (item) => item.issueType ?? 'issue',
    ),
  }
}

/** Runs Lighthouse on each URL in turn, in one Chromium; `track` lets a Ctrl-C close it. */
export async function runLighthouse(
  urls,
  { chromePath = process.env.CHROMIUM_PATH || chromium.path, track = () => () => {} },
) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  })
  const untrack = track(() => chrome.kill())
  const results = []
  try {
    for (const url of urls) {
      try {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        })
        if (!result) throw new Error('Lighthouse returned nothing')
        results.push({ url, ...summarize(result.lhr) })
      } catch (error) {
        results.push({ url, status: 'error', error: String(error?.message ?? error) })
      }
    }
  } finally {
    untrack()
    await chrome.kill()
  }
  return results
}
