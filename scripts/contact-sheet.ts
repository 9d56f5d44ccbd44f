// A PNG grid of the demo catalog's generated tiles, to look at the drawings without seeding:
//   npx tsx --conditions=react-server scripts/contact-sheet.ts [out.png] [--all] [--kind a,b]
// The first tile of every product, or with --all one row per product with all its tiles; --kind
// keeps only those kinds. Prints which cell is which product (the images carry no text).
import sharp from 'sharp'
import { DEMO_PRODUCTS } from '@/seed/catalog'
import { imageCountFor, renderProductImage } from '@/seed/pictures/product-images'

const CELL = 150
const args = process.argv.slice(2)
const out = args.find((a) => a.endsWith('.png')) ?? 'contact-sheet.png'
const all = args.includes('--all')
const kinds = args.includes('--kind') ? (args[args.indexOf('--kind') + 1] ?? '').split(',') : null

async function main() {
  const chosen = DEMO_PRODUCTS.map((p, i) => ({ p, i })).filter(
    ({ p }) => !kinds || kinds.includes(p.kind),
  )
  const cells = chosen.flatMap(({ p, i }) =>
    Array.from({ length: all ? imageCountFor(i) : 1 }, (_, imageIndex) => ({ p, i, imageIndex })),
  )
  const columns = all ? 4 : 12
  const tiles = await Promise.all(
    cells.map(({ p, i, imageIndex }) =>
      renderProductImage({ name: p.name, kind: p.kind, productIndex: i, imageIndex }, CELL),
    ),
  )
  const positions: { row: number; col: number }[] = []
  let row = 0
  let col = 0
  for (const [k, cell] of cells.entries()) {
    if (all && k > 0 && cell.i !== cells[k - 1]?.i) {
      row++
      col = 0
    } else if (!all && col === columns) {
      row++
      col = 0
    }
    positions.push({ row, col })
    console.log(`row ${row} col ${col}: ${cell.p.kind} | ${cell.p.name}`)
    col++
  }
  await sharp({
    create: { width: columns * CELL, height: (row + 1) * CELL, channels: 3, background: '#ffffff' },
  })
    .composite(
      tiles.map((input, k) => ({
        input,
        left: (positions[k]?.col ?? 0) * CELL,
        top: (positions[k]?.row ?? 0) * CELL,
      })),
    )
    .png()
    .toFile(out)
  console.log(`wrote ${out}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
