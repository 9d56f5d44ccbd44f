import 'server-only'
// Renders the seeded product photos: a flat illustration on a soft studio backdrop, as WebP.
// Deterministic (no Math.random) so re-seeding produces byte-identical images.
import sharp from 'sharp'

import { drawProduct, type Palette, type ProductKind } from './product-shapes'

export type ImageSpec = {
  name: string
  kind: ProductKind
  productIndex: number
  imageIndex: number
}

const DEFAULT_SIZE = 800
const VIEW = 800

// Realistic product finishes; purely random hues look like toys on every product.
const FINISHES = [
  '#2b2f3a', // graphite
  '#e4e2dd', // silver
  '#1f3b5c', // navy
  '#c8566b', // rose
  '#6b8f71', // sage
  '#d9a441', // mustard
  '#8c5a3c', // walnut
  '#3d6fb6', // blue
  '#e07a4f', // coral
  '#5b4b8a', // plum
  '#2f7f7a', // teal
  '#b23a3a', // red
  '#c9b79c', // sand
] as const

const WOODS = ['#b07a4a', '#8c5a3c', '#d2a872', '#6b4a33', '#c49a6c'] as const

// A colour the product's name promises is its main finish: "Chino Trousers (Navy)" come in navy.
// Longer names first, so "Rose Gold" wins over "Rose".
const NAMED_FINISHES: readonly (readonly [string, string])[] = [
  ['rose gold', '#d4a08a'],
  ['glacier blue', '#9cc3e0'],
  ['brushed steel', '#b9bec5'],
  ['matte cream', '#efe6cf'],
  ['midnight', '#1c2340'],
  ['graphite', '#3a3d44'],
  ['silver', '#d9dcdf'],
  ['rose', '#e7a9a4'],
  ['sage', '#9caf88'],
  ['white', '#f2f2ee'],
  ['terracotta', '#c8643f'],
  ['navy', '#1f3b5c'],
  ['chestnut', '#8a4b2a'],
  ['ivory', '#f3ecd8'],
  ['charcoal', '#36393f'],
  ['brass', '#c9a44c'],
  ['oat', '#d9cbb0'],
  ['olive', '#6b7242'],
  ['steel', '#b9bec5'],
  ['emerald', '#1f7a57'],
  ['walnut', '#6b4a33'],
  ['mint', '#a8e6cf'],
]

/** The finish a product's name asks for, if any (whole words only: "Oat" is not in "Boat"). */
export function namedFinish(name: string): string | undefined {
  const words = name.toLowerCase()
  return NAMED_FINISHES.find(([word]) => new RegExp(`\\b${word}`).test(words))?.[1]
}

/** FNV-1a: tiny, stable across platforms and good enough to spread names over hues. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: a seeded generator, so jitter is reproducible per (product, image). */
function generator(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const hex = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0')

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360
  const c = (1 - Math.abs(2 * l - 1)) * s
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1))
  const m = l - c / 2
  const [r, g, b] =
    hue < 60
      ? [c, x, 0]
      : hue < 120
        ? [x, c, 0]
        : hue < 180
          ? [0, c, x]
          : hue < 240
            ? [0, x, c]
            : hue < 300
              ? [x, 0, c]
              : [c, 0, x]
  return `#${hex((r + m) * 255)}${hex((g + m) * 255)}${hex((b + m) * 255)}`
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
function shade(color: string, amount: number): string {
  const target = amount > 0 ? 255 : 0
  const t = Math.abs(amount)
  const channel = (i: number) => {
    const v = parseInt(color.slice(1 + i * 2, 3 + i * 2), 16)
    return hex(v + (target - v) * t)
  }
  return `#${channel(0)}${channel(1)}${channel(2)}`
}

function palette(seed: number, variant: number, named: string | undefined): Palette {
  const main = variant === 0 ? named : undefined
  const body = main ?? FINISHES[(seed + variant * 5) % FINISHES.length] ?? '#2b2f3a'
  const accentHue = ((seed >>> 8) + variant * 140) % 360
  // A named wood ("Walnut") is the wood; a named colour ("Emerald") is not (legs stay wooden).
  const namedWood = WOODS.find((w) => w === main)
  const wood = namedWood ?? WOODS[(seed + variant * 2) % WOODS.length] ?? '#9a6a43'
  return {
    wood,
    woodDark: shade(wood, -0.3),
    body,
    bodyDark: shade(body, -0.25),
    bodyLight: shade(body, 0.35),
    accent: hsl(accentHue, 0.65, 0.55),
    accentDark: hsl(accentHue, 0.55, 0.32),
    accentLight: hsl(accentHue + 20, 0.8, 0.8),
  }
}

/** Soft shapes behind the object; a different motif per image keeps a product's photos apart. */
function backdrop(imageIndex: number, light: string, rand: () => number): string {
  const soft = (extra: string) => `fill="${light}" ${extra}`
  switch (imageIndex % 4) {
    case 0:
      return `<circle cx="400" cy="380" r="${300 + rand() * 40}" ${soft('opacity="0.45"')}/>`
    case 1: {
      const cx = 180 + rand() * 440
      return (
        `<circle cx="${cx}" cy="220" r="210" fill="none" stroke="${light}" stroke-width="36" opacity="0.4"/>` +
        `<circle cx="${800 - cx}" cy="640" r="130" ${soft('opacity="0.35"')}/>`
      )
    }
    case 2:
      return (
        `<path d="M -50 ${520 + rand() * 80} L 850 ${180 + rand() * 80} L 850 520 L -50 860 Z" ${soft('opacity="0.3"')}/>` +
        `<circle cx="660" cy="150" r="70" ${soft('opacity="0.45"')}/>`
      )
    default: {
      let dots = ''
      for (let i = 0; i < 49; i++) {
        dots += `<circle cx="${70 + (i % 7) * 110}" cy="${70 + Math.floor(i / 7) * 110}" r="9" ${soft('opacity="0.5"')}/>`
      }
      return dots
    }
  }
}

function buildSvg(spec: ImageSpec, size: number): string {
  const seed = hash(`${spec.name}#${spec.productIndex}`)
  const rand = generator(seed ^ Math.imul(spec.imageIndex + 1, 0x9e3779b9))
  const view = spec.imageIndex % 4

  const hue = (seed % 360) + view * 38
  const top = hsl(hue, 0.55, 0.9)
  const bottom = hsl(hue + 35, 0.5, 0.78)
  const angle = [90, 135, 45, 160][view] ?? 90

  // Tile 0 is the front view in the main finish; tile 1 the other side in a second finish; tile 2
  // a three-quarter view in a third; tile 3 a close-up of the main finish. So even a product with
  // two tiles shows two angles and two colours.
  const colours = palette(seed, [0, 1, 2, 0][view] ?? 0, namedFinish(spec.name))
  const shape = drawProduct(spec.kind, colours, view)
  const turn = view === 1 ? ' scale(-1 1)' : view === 2 ? ' skewY(-7) scale(0.82 1)' : ''

  const fit = Math.min(1.1, 470 / Math.max(shape.bottom - shape.top, shape.halfWidth * 2))
  const zoom = [1, 1.1, 0.92, 1.4][view] ?? 1
  const scale = fit * zoom * (0.96 + rand() * 0.08)
  const rotate = ([0, -9, 8, -4][view] ?? 0) * (shape.upright ? 0.3 : 1)
  const dx = view === 3 ? 40 - rand() * 80 : rand() * 30 - 15
  const centreY = (shape.top + shape.bottom) / 2
  const dy = view === 3 ? 60 : 20
  const tilt = (rotate + rand() * 2 - 1).toFixed(2)
  const place =
    `translate(${400 + dx} ${400 + dy}) rotate(${tilt}) ` +
    `scale(${scale.toFixed(3)})${turn} translate(-400 ${-centreY})`

  // The floor shadow is not rotated: it stays on the "table" while the object tilts. Radial
  // gradients instead of blur filters: feGaussianBlur tripled the render time.
  const floorY = (400 + dy + (shape.bottom - centreY) * scale + 4).toFixed(1)
  const shadowW = shape.halfWidth * scale
  const cx = (400 + dx).toFixed(1)

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${VIEW} ${VIEW}">
<defs>
<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#1b1f2a" stop-opacity="0.34"/><stop offset="0.55" stop-color="#1b1f2a" stop-opacity="0.14"/><stop offset="1" stop-color="#1b1f2a" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${VIEW}" height="${VIEW}" fill="url(#bg)"/>
${backdrop(view, shade(top, 0.6), rand)}
<ellipse cx="${cx}" cy="${floorY}" rx="${(shadowW * 1.25).toFixed(1)}" ry="${(30 * scale + 10).toFixed(1)}" fill="url(#shadow)"/>
<ellipse cx="${cx}" cy="${floorY}" rx="${(shadowW * 0.9).toFixed(1)}" ry="${(10 * scale + 4).toFixed(1)}" fill="url(#shadow)"/>
<g transform="${place}">${shape.svg}</g>
</svg>`
}

/** One square product tile as WebP bytes; different for every (productIndex, imageIndex). */
export async function renderProductImage(spec: ImageSpec, size = DEFAULT_SIZE): Promise<Buffer> {
  // The SVG's width and height already equal `size`, so librsvg rasterises at the final size.
  return (
    sharp(Buffer.from(buildSvg(spec, size)))
      // effort 2 instead of the default 4 nearly halves encode time for slightly larger files.
      .webp({ quality: 80, effort: 2 })
      .toBuffer()
  )
}

/** 2, 3 or 4 images per product, spread evenly but not in an obvious repeating pattern. */
export function imageCountFor(productIndex: number): number {
  return 2 + (hash(`images#${productIndex}`) % 3)
}
