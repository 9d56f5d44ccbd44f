// Writes one scenario's results (bench/results/<name>-<engine>.{json,txt}), the files later runs
// and the closing notes quote.
import fs from 'node:fs'
import path from 'node:path'

const RESULTS_DIR = path.resolve(import.meta.dirname, '../results')

export function writeResults(name, engine, result, text) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  const base = path.join(RESULTS_DIR, `${name}-${engine}`)
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`)
  fs.writeFileSync(`${base}.txt`, `${text}\n`)
}
