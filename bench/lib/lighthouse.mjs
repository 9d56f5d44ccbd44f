// Lighthouse with its default (mobile: Moto G Power, slow 4G, 4x CPU slowdown) settings, run
// against the same server the load test used.
import fs from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js'

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
    // Lighthouse's own measure of the host's speed (higher is faster): its simulated phone is 4×
    // slower than this host, so scores of a slower host are lower for the same page.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
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

/**
 * Runs Lighthouse on each URL in turn, in one Chromium, `runs` times each, and keeps each URL's
 * median run as Lighthouse's own tools pick it (the run closest to the median first contentful
 * paint and time to interactive: one run's score varies by several points on a shared machine);
 * every run's performance score is kept beside it. `track` lets a Ctrl-C close Chromium.
 */
export async function runLighthouse(
  urls,
  { chromePath = process.env.CHROMIUM_PATH || chromium.path, track = () => () => {}, runs = 1 },
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
        const lhrs = []
        for (let i = 0; i < runs; i++) {
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
          })
          if (!result) throw new Error('Lighthouse returned nothing')
          lhrs.push(result.lhr)
        }
        const valid = filterToValidRuns(lhrs)
        const median = valid.length > 0 ? computeMedianRun(valid) : lhrs[0]
        const performanceRuns = lhrs.map((lhr) =>
          typeof lhr.categories.performance?.score === 'number'
            ? Math.round(lhr.categories.performance.score * 100)
            : null,
        )
        // Each run's first paint as the unthrottled browser saw it, beside its load event. Lantern
        // simulates a metric from what happened before its observed time, so a run whose first
        // paint came after the load event (Chromium here sometimes holds the first frame about a
        // second; bench/run.mjs's header says more) has every script counted before its FCP and
        // LCP, and scores lower for the same page.
        const observedPaintRuns = lhrs.map((lhr) => {
          const observed = lhr.audits.metrics?.details?.items?.[0]
          // A run that failed to load has no observed times: shown as '–', never as NaN.
          return Number.isFinite(observed?.observedFirstContentfulPaint) &&
            Number.isFinite(observed?.observedLoad)
            ? {
                firstPaintMs: Math.round(observed.observedFirstContentfulPaint),
                loadMs: Math.round(observed.observedLoad),
              }
            : null
        })
        results.push({
          url,
          ...summarize(median),
          runs: lhrs.length,
          performanceRuns,
          observedPaintRuns,
        })
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
