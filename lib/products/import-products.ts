import 'server-only'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { CsvError, parse } from 'csv-parse'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { readCell } from '@/lib/admin/csv'
import { IMPORT_ROWS } from '@/lib/api/body-limits.cjs'
import { AppError } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { invalidateCatalog } from '@/lib/cache/catalog-cache'
import { getDb } from '@/lib/db/client'
import { productImages, products } from '@/lib/db/schema'
import { queryRows } from '@/lib/db/sql'
import { isUuid } from '@/lib/ids'
import { toCents } from '@/lib/money'
import { siteOrigin } from '@/lib/site-url'
import { MEDIA_PREFIX } from '@/lib/storage/images'
import { MAX_PRODUCT_IMAGES } from './constants'
import { PRODUCT_CSV_COLUMNS } from './export-products-csv'
import { discardImageFiles } from './product-image-files'
import { ProductInputSchema, type ProductInput } from './schemas'

// The product import (docs/api.md#admin-products, decision 0018): a CSV in the columns of the
// export, read as a stream (the file is never held whole), each row checked with the rules of a
// single product save, then every row written in one transaction, or none. A row with an `id`
// updates that product; a row without one adds a product. Images are URLs of images this shop
// already serves under /media (as the export writes them), or nothing: on an update, an empty
// cell keeps the product's images.

/** Who imports: an admin, or the shop's operator at a terminal (`npm run products:import`). */
export type ImportActor = CurrentUser | 'operator'

export type ImportRefusal = { line: number; reason: string }

type Image = { url: string; publicId: string; width: number | null; height: number | null }

type Row = {
  line: number
  id?: string
  input: ProductInput
  images?: string[]
}

type GoodRow = Omit<Row, 'images'> & { images?: Image[] }

/** What a read file would do, and the rows kept to do it (none once a row is refused). */
export type ImportPlan = {
  rows: number
  creates: GoodRow[]
  updates: GoodRow[]
  toCreate: number
  toUpdate: number
  refused: ImportRefusal[]
}

export type ImportResult = {
  success: boolean
  dryRun: boolean
  created: number
  updated: number
  refused: ImportRefusal[]
}

const REQUIRED = ['name', 'description', 'category', 'price', 'stock', 'itemCondition'] as const
// The export's other columns (ratings, numberOfReviews, createdAt) are read-only: ignored.
const KNOWN = PRODUCT_CSV_COLUMNS.map((c) => c.header)
/** Rows checked against the database together (which ids and images exist). */
const CHECK_BATCH = 500
/** Rows written by one statement: a few thousand parameters, well under PostgreSQL's 65,535. */
const WRITE_BATCH = 500
/** A record longer than this is no row of ours (an unclosed quote swallowing the file). */
const MAX_RECORD_CHARS = 64 * 1024
/** Rows checked between two turns of the event loop (about 10 ms of work). */
const YIELD_EVERY = 100
const IMAGE_NAME = /^[a-f0-9]{32}\.(webp|jpg|png)$/
const MAX_REASON = 300

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max)}…` : text)

function assertImporter(actor: ImportActor): void {
  if (actor !== 'operator') assertAdmin(actor)
}

/** The file's text, refused with a 400 unless it is UTF-8. */
async function* utf8(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  try {
    for await (const chunk of source) {
      yield typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })
    }
    yield decoder.decode()
  } catch (error) {
    if (error instanceof TypeError) {
      throw new AppError('INVALID', 'The file is not UTF-8 text: save it as "CSV UTF-8"')
    }
    throw error
  }
}

/** The column of each header cell; a 400 naming the problem for a header that is not ours. */
function readHeader(record: string[]): Map<string, number> {
  const columns = new Map<string, number>()
  record.forEach((cell, index) => {
    const name = cell.trim()
    if (!KNOWN.includes(name)) {
      throw new AppError(
        'INVALID',
        `Line 1: unknown column "${clip(name, 40)}"; the columns are those of the export: ${KNOWN.join(', ')}`,
      )
    }
    if (columns.has(name)) throw new AppError('INVALID', `Line 1: the column ${name} appears twice`)
    columns.set(name, index)
  })
  const missing = REQUIRED.filter((name) => !columns.has(name))
  if (missing.length > 0) {
    throw new AppError(
      'INVALID',
      `Line 1: the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
    )
  }
  return columns
}

/** The image's public name for a URL on this shop's /media, else undefined. */
function mediaName(url: string): string | undefined {
  let path = url
  if (!url.startsWith(MEDIA_PREFIX)) {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return undefined
    }
    if (parsed.origin !== siteOrigin() || parsed.search || parsed.hash) return undefined
    path = parsed.pathname
  }
  const name = path.slice(MEDIA_PREFIX.length)
  return path.startsWith(MEDIA_PREFIX) && IMAGE_NAME.test(name) ? name : undefined
}

/** One record's row, or the reasons it is refused (those that need no database). */
function readRow(
  line: number,
  cells: string[],
  columns: Map<string, number>,
): Row | { reasons: string[] } {
  const cell = (name: string) => {
    const index = columns.get(name)
    return index === undefined ? '' : readCell(cells[index] ?? '')
  }
  const reasons: string[] = []
  const id = cell('id').trim()
  if (id !== '' && !isUuid(id)) {
    reasons.push('id: not a product id (leave it empty to add a new product)')
  }
  const parsed = ProductInputSchema.safeParse({
    name: cell('name'),
    description: cell('description'),
    price: cell('price'),
    stock: cell('stock'),
    category: cell('category'),
    itemCondition: cell('itemCondition'),
  })
  if (!parsed.success) reasons.push(...parsed.error.issues.map((issue) => issue.message))
  const urls = cell('images').trim().split(/\s+/).filter(Boolean)
  const names: string[] = []
  if (urls.length > MAX_PRODUCT_IMAGES) {
    reasons.push(`images: at most ${MAX_PRODUCT_IMAGES} images`)
  } else {
    for (const url of urls) {
      const name = mediaName(url)
      if (name) names.push(name)
      else
        reasons.push(
          `images: ${clip(url)} is not an image URL of this shop (${siteOrigin()}${MEDIA_PREFIX}…)`,
        )
    }
  }
  if (reasons.length > 0 || !parsed.success) return { reasons }
  return {
    line,
    id: id === '' ? undefined : id.toLowerCase(),
    input: parsed.data,
    images: urls.length > 0 ? names : undefined,
  }
}

/**
 * Reads and checks an import file: every row with the rules of a single product save, ids of
 * products for sale, images this shop has. Writes nothing. The file is read as it comes; rows
 * to write are kept only while none is refused. A file that is not a CSV of our columns, or of
 * more than IMPORT_ROWS rows, is refused whole (400, 413).
 */
export async function checkProductsCsv({
  actor,
  source,
  onProgress,
}: {
  actor: ImportActor
  source: AsyncIterable<Uint8Array | string>
  /** Called with the number of rows read so far, every hundred rows and at the end. */
  onProgress?: (rows: number) => void
}): Promise<ImportPlan> {
  assertImporter(actor)
  const db = await getDb()
  const plan: ImportPlan = {
    rows: 0,
    creates: [],
    updates: [],
    toCreate: 0,
    toUpdate: 0,
    refused: [],
  }
  const refuse = (line: number, reasons: string[]) => {
    plan.refused.push({ line, reason: clip(reasons.join('; '), MAX_REASON) })
    // Nothing will be written: the rows kept so far can go.
    plan.creates = []
    plan.updates = []
  }
  const images = new Map<string, Image>()
  const lineOfId = new Map<string, number>()
  let pending: Row[] = []

  async function checkPending() {
    const ids = pending.flatMap((row) => (row.id ? [row.id] : []))
    const found = new Set(
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: products.id })
              .from(products)
              .where(and(inArray(products.id, ids), eq(products.archived, false)))
          ).map((p) => p.id),
    )
    const unknown = [
      ...new Set(pending.flatMap((row) => row.images ?? []).filter((n) => !images.has(n))),
    ]
    if (unknown.length > 0) {
      const rows = await db
        .selectDistinctOn([productImages.publicId], {
          publicId: productImages.publicId,
          url: productImages.url,
          width: productImages.width,
          height: productImages.height,
        })
        .from(productImages)
        .where(inArray(productImages.publicId, unknown))
      for (const image of rows) images.set(image.publicId, image)
    }
    for (const row of pending) {
      const reasons: string[] = []
      if (row.id && !found.has(row.id)) {
        reasons.push('id: no product for sale has this id (leave it empty to add a new product)')
      }
      const missing = (row.images ?? []).filter((name) => !images.has(name))
      for (const name of missing) {
        reasons.push(`images: ${MEDIA_PREFIX}${name} is not an image of this shop`)
      }
      if (reasons.length > 0) {
        refuse(row.line, reasons)
        continue
      }
      const good: GoodRow = { ...row, images: row.images?.map((name) => images.get(name)!) }
      if (row.id) plan.toUpdate++
      else plan.toCreate++
      if (plan.refused.length === 0) (row.id ? plan.updates : plan.creates).push(good)
    }
    pending = []
  }

  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_CHARS,
  })
  const feeding = pipeline(Readable.from(utf8(source)), parser)
  // Its failure is the parser's too, and is reported by the loop below.
  feeding.catch(() => {})
  let columns: Map<string, number> | undefined
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[]
      info: { records: number }
    }>) {
      // The line as a spreadsheet numbers its rows: the header is 1 (a description over
      // several lines of the file is still one row).
      const line = info.records
      if (!columns) {
        columns = readHeader(record)
        continue
      }
      if (record.every((cell) => cell.trim() === '')) continue
      plan.rows++
      if (plan.rows > IMPORT_ROWS) {
        throw new AppError(
          'TOO_LARGE',
          `A file may hold at most ${IMPORT_ROWS.toLocaleString('en-US')} products`,
        )
      }
      if (plan.rows % YIELD_EVERY === 0) {
        onProgress?.(plan.rows)
        // Parsing and checking are the main thread's work: let the requests waiting beside an
        // import (a cached page takes under a millisecond) have their turn now and then.
        await nextTurn()
      }
      if (record.length !== columns.size) {
        refuse(line, [`${record.length} cells where the header has ${columns.size}`])
        continue
      }
      const row = readRow(line, record, columns)
      if ('reasons' in row) {
        refuse(line, row.reasons)
        continue
      }
      if (row.id) {
        const first = lineOfId.get(row.id)
        if (first !== undefined) {
          refuse(line, [`id: the same product is on line ${first}`])
          continue
        }
        lineOfId.set(row.id, line)
      }
      pending.push(row)
      if (pending.length >= CHECK_BATCH) await checkPending()
    }
  } catch (error) {
    parser.destroy()
    if (error instanceof CsvError) {
      const near = (error as CsvError & { lines?: number }).lines
      throw new AppError(
        'INVALID',
        `The file is not a readable CSV${near ? ` (line ${near})` : ''}: ${clip(error.message, 200)}`,
      )
    }
    throw error
  }
  if (!columns) {
    throw new AppError(
      'INVALID',
      'The file is empty: its first line names the columns, as in the export',
    )
  }
  await checkPending()
  onProgress?.(plan.rows)
  plan.refused.sort((a, b) => a.line - b.line)
  return plan
}

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, (i + 1) * size),
  )

const imageRows = (productId: string, list: readonly Image[]) =>
  list.map((image, position) => ({ productId, ...image, position }))

/**
 * Writes a checked file's rows in one transaction, a few hundred rows per statement: all of
 * them or, when a product was deleted since the check, none (409). The storefront shows the
 * changes at once, as after a single edit (the catalog's caches, here and in other processes).
 */
export async function applyProductsImport({
  actor,
  plan,
}: {
  actor: ImportActor
  plan: ImportPlan
}): Promise<{ created: number; updated: number }> {
  assertImporter(actor)
  if (plan.refused.length > 0)
    throw new AppError('UNPROCESSABLE', 'A refused row cannot be imported')
  const { creates, updates } = plan
  const createdBy = actor === 'operator' ? null : actor.id
  const db = await getDb()
  const dropped = await db.transaction(async (tx) => {
    const images: (typeof productImages.$inferInsert)[] = []
    for (const batch of chunks(creates, WRITE_BATCH)) {
      const made = batch.map((row) => ({ row, id: crypto.randomUUID() }))
      await tx.insert(products).values(
        made.map(({ row: { input }, id }) => ({
          id,
          name: input.name,
          description: input.description,
          priceCents: toCents(input.price),
          stock: input.stock,
          category: input.category,
          itemCondition: input.itemCondition,
          createdBy,
        })),
      )
      for (const { row, id } of made) images.push(...imageRows(id, row.images ?? []))
    }
    const replaced: string[] = []
    for (const batch of chunks(updates, WRITE_BATCH)) {
      const values = sql.join(
        batch.map(
          ({ id, input }) =>
            sql`(${id}::uuid, ${input.name}::text, ${input.description}::text, ${toCents(input.price)}::int, ${input.stock}::int, ${input.category}::text, ${input.itemCondition}::text)`,
        ),
        sql`, `,
      )
      const changed = await queryRows<{ id: string }>(
        tx,
        sql`update products p set name = v.name, description = v.description,
              price_cents = v.price_cents, stock = v.stock, category = v.category,
              item_condition = v.item_condition, updated_at = now()
            from (values ${values}) as v(id, name, description, price_cents, stock, category, item_condition)
            where p.id = v.id and not p.archived
            returning p.id`,
      )
      if (changed.length !== batch.length) {
        throw new AppError(
          'CONFLICT',
          'A product of the file was deleted during the import; nothing was imported. Check the file again.',
        )
      }
      const withImages = batch.filter((row) => row.images)
      if (withImages.length > 0) {
        const old = await tx
          .delete(productImages)
          .where(
            inArray(
              productImages.productId,
              withImages.map((row) => row.id!),
            ),
          )
          .returning({ publicId: productImages.publicId })
        replaced.push(...old.map((image) => image.publicId))
        for (const row of withImages) images.push(...imageRows(row.id!, row.images!))
      }
    }
    for (const batch of chunks(images, WRITE_BATCH * 2))
      await tx.insert(productImages).values(batch)
    const kept = new Set(images.map((image) => image.publicId))
    return [...new Set(replaced)].filter((publicId) => !kept.has(publicId))
  })
  // The lists show the new products; the changed ones' pages are made again.
  await invalidateCatalog(updates.map((row) => row.id!))
  await discardImageFiles(dropped)
  return { created: creates.length, updated: updates.length }
}

let running = false

/**
 * One import at a time in this process: each holds up to a file's rows in memory and keeps the
 * database busy for seconds. A second one meanwhile is refused (409), never queued.
 */
export async function oneImportAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running) {
    throw new AppError(
      'CONFLICT',
      'Another product import is running; try again when it has finished',
    )
  }
  running = true
  try {
    return await work()
  } finally {
    running = false
  }
}

/** The answer of an import: checked, and written unless a dry run or a row was refused. */
export async function finishImport({
  actor,
  plan,
  dryRun,
}: {
  actor: ImportActor
  plan: ImportPlan
  dryRun: boolean
}): Promise<ImportResult> {
  const refused = plan.refused
  if (refused.length > 0) {
    // Nothing is written; a dry run still says what the good rows would do.
    return {
      success: false,
      dryRun,
      created: dryRun ? plan.toCreate : 0,
      updated: dryRun ? plan.toUpdate : 0,
      refused,
    }
  }
  if (dryRun) {
    return { success: true, dryRun, created: plan.toCreate, updated: plan.toUpdate, refused }
  }
  const { created, updated } = await applyProductsImport({ actor, plan })
  return { success: true, dryRun, created, updated, refused }
}
