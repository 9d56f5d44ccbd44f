import 'server-only'
// Drawing primitives shared by the product drawings. Everything is drawn in an 800x800 user space
// around (400, 400); no text, because CI machines may have no fonts installed.

export type Palette = {
  body: string
  bodyDark: string
  bodyLight: string
  accent: string
  accentDark: string
  accentLight: string
  /** Wood tones change with the colour variant too, so a table's second tile is another oak. */
  wood: string
  woodDark: string
}

/** The extents let the caller centre and scale every object alike and place its floor shadow. */
export type Shape = {
  svg: string
  top: number
  bottom: number
  halfWidth: number
  /** Things that stand on the floor look like they are falling over when tilted much. */
  upright?: boolean
}

/** `view` is the tile's index (0 to 3): drawings may show another side or detail on some views. */
export type Drawing = (p: Palette, view: number) => Shape

export const INK = '#1d2129'
export const GLASS = '#2a3140'
export const CREAM = '#f6f1e7'
export const STEEL = '#c9ced6'
export const WHITE = '#f4f5f7'

export const shape = (
  svg: string,
  top: number,
  bottom: number,
  halfWidth: number,
  upright = false,
): Shape => ({ svg, top, bottom, halfWidth, upright })

export const rect = (
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  fill: string,
  extra = '',
) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}" ${extra}/>`
export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`
export const path = (d: string, fill: string, extra = '') =>
  `<path d="${d}" fill="${fill}" ${extra}/>`
/** An unfilled stroke: straps, cables, arcs. */
export const line = (d: string, color: string, width: number, extra = '') =>
  path(d, 'none', `stroke="${color}" stroke-width="${width}" stroke-linecap="round" ${extra}`)
export const gradient = (id: string, from: string, to: string, x2 = 0, y2 = 1) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
  `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`
export const glare = (d: string) => path(d, '#ffffff', 'opacity="0.14"')
/** Draws `svg` again mirrored around x = 400 (pairs of speakers, shoes, gloves...). */
export const mirror = (svg: string) => `<g transform="matrix(-1 0 0 1 800 0)">${svg}</g>`
export const repeat = (n: number, draw: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => draw(i)).join('')
