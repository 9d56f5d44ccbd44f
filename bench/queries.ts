// Distinct uncached catalog queries, one at a time, through the service itself (no HTTP, no
// cache): what the database work of each kind of list costs.
//   DATA_DIR=<dir> npx tsx --conditions=react-server bench/queries.ts [--count N]
//   DATABASE_URL=postgres://… npx tsx --conditions=react-server bench/queries.ts [--count N]
// Prints one JSON line: { engine, products, kinds: { <kind>: { n, p50, p99, max } } }.
import { closeDatabase, getDatabase } from '@/lib/db/client'
import { listProducts } from '@/lib/products/list-products'
import { filtersOf, ProductQuerySchema, productQueryInput } from '@/lib/products/schemas'
import { distinctQueries, QUERY_KINDS } from './lib/distinct-queries'
import { percentiles } from './lib/percentiles.mjs'

function countWanted(argv: readonly string[]): number {
  const at = argv.indexOf('--count')
  const n = at < 0 ? 40 : Number(argv[at + 1])
  if (!Number.isInteger(n) || n < 1) throw new Error('--count needs a whole number ≥ 1')
  return n
}

async function run(query: string): Promise<number> {
  const q = ProductQuerySchema.parse(productQueryInput(new URLSearchParams(query)))
  const started = performance.now()
  await listProducts({ filters: filtersOf(q), page: q.page, limit: q.limit, sort: q.sort })
  return performance.now() - started
}

async function main() {
  const count = countWanted(process.argv.slice(2))
  const { db, engine } = await getDatabase()
  const products = await db.$count((await import('@/lib/db/schema')).products)
  // One more of each kind than measured: the first warms the engine, and is not counted.
  const queries = await distinctQueries(db, count + 1)
  const kinds: Record<string, ReturnType<typeof percentiles>> = {}
  for (const kind of QUERY_KINDS) {
    const [first, ...rest] = queries[kind]
    if (first) await run(first)
    const times: number[] = []
    for (const query of rest) times.push(await run(query))
    kinds[kind] = percentiles(times)
    console.error(`[queries] ${engine} ${kind}: ${JSON.stringify(kinds[kind])}`)
  }
  console.log(JSON.stringify({ engine, products, kinds }))
  await closeDatabase()
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  await closeDatabase().catch(() => {})
  process.exit(1)
})
