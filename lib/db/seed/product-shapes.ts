import 'server-only'
// Flat SVG illustrations for the seeded product tiles. Everything is drawn in an 800x800 user space
// around (400, 400); no text, because CI machines may have no fonts installed.
import type { Category } from '@/lib/catalog'

export type Palette = {
  body: string
  bodyDark: string
  bodyLight: string
  accent: string
  accentDark: string
  accentLight: string
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

const INK = '#1d2129'
const GLASS = '#2a3140'
const WOOD = '#9a6a43'
const CREAM = '#f6f1e7'

const rect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}" ${extra}/>`
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`
const gradient = (id: string, from: string, to: string, x2 = 0, y2 = 1) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
  `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`
const glare = (d: string) => path(d, '#ffffff', 'opacity="0.14"')

function phone(p: Palette, view: number): Shape {
  const body = rect(285, 160, 230, 480, 40, p.body) + rect(515, 270, 6, 64, 3, p.bodyDark)
  if (view % 2 === 1) {
    // Back of the phone: camera island with three lenses.
    const lens = (cx: number, cy: number) =>
      circle(cx, cy, 30, INK) + circle(cx, cy, 19, GLASS) + circle(cx - 7, cy - 7, 6, '#8fa4c8')
    const island = rect(305, 182, 150, 150, 36, p.bodyDark) + lens(345, 222) + lens(345, 292)
    const flash = lens(415, 257) + circle(420, 207, 9, '#f3e6b0')
    return {
      svg: body + island + flash + glare('M 300 600 L 500 240 L 500 420 L 400 630 Z'),
      top: 160,
      bottom: 640,
      halfWidth: 120,
    }
  }
  const screen =
    gradient('scr', p.accentLight, p.accentDark) + rect(297, 172, 206, 456, 30, 'url(#scr)')
  let apps = ''
  const tones = [p.accent, '#ffffff', p.bodyLight, p.accentDark]
  for (let i = 0; i < 16; i++) {
    const x = 317 + (i % 4) * 44
    const y = 250 + Math.floor(i / 4) * 56
    apps += rect(x, y, 34, 34, 10, tones[(i + view) % tones.length] ?? '#fff', 'opacity="0.85"')
  }
  const dock = rect(312, 552, 176, 52, 18, '#ffffff', 'opacity="0.3"')
  const island = rect(365, 186, 70, 20, 10, INK)
  return { svg: body + screen + apps + dock + island, top: 160, bottom: 640, halfWidth: 120 }
}

function laptop(p: Palette, view: number): Shape {
  const lid = rect(190, 190, 420, 290, 20, INK)
  const wall = gradient('wall', p.accentLight, p.accentDark, 1, 1)
  const screen = wall + rect(206, 206, 388, 254, 8, 'url(#wall)')
  const wave = path(
    'M 206 400 C 300 330 420 470 594 360 L 594 452 Q 594 460 586 460 L 214 460 Q 206 460 206 452 Z',
    p.accent,
    'opacity="0.7"',
  )
  const win =
    view % 2 === 0
      ? rect(250, 240, 190, 120, 8, '#ffffff', 'opacity="0.75"') +
        rect(250, 240, 190, 20, 8, p.bodyLight)
      : circle(400, 320, 60, '#ffffff', 'opacity="0.5"')
  const base = path(
    'M 140 480 L 660 480 L 660 492 Q 660 512 630 514 L 170 514 Q 140 512 140 492 Z',
    p.body,
  )
  const lip = rect(360, 480, 80, 9, 4, p.bodyDark)
  return {
    svg: lid + screen + wave + win + base + lip + circle(400, 198, 3, '#555'),
    top: 190,
    bottom: 514,
    halfWidth: 260,
  }
}

function watch(p: Palette, view: number, smart: boolean): Shape {
  const straps =
    rect(335, 130, 130, 190, 26, p.accentDark) + rect(335, 480, 130, 190, 26, p.accentDark)
  const holes = [540, 580, 620].map((y) => circle(400, y, 6, p.accent)).join('')
  if (smart) {
    const casing = rect(270, 255, 260, 290, 70, p.bodyDark) + rect(290, 275, 220, 250, 56, INK)
    const ring = (r: number, c: string, f: number) =>
      `<circle cx="400" cy="400" r="${r}" fill="none" stroke="${c}" stroke-width="18" stroke-linecap="round" stroke-dasharray="${(2 * Math.PI * r * f).toFixed(1)} 999" transform="rotate(-90 400 400)"/>`
    const rings =
      ring(82, '#ff5a6e', 0.8 - view * 0.1) +
      ring(60, '#a4f05b', 0.6 + view * 0.08) +
      ring(38, '#4cd8f0', 0.9)
    return {
      svg: straps + holes + casing + rings + rect(530, 360, 14, 50, 6, p.body),
      top: 130,
      bottom: 670,
      halfWidth: 140,
    }
  }
  let marks = ''
  for (let i = 0; i < 12; i++) {
    const long = i % 3 === 0
    marks += rect(
      397,
      300,
      6,
      long ? 24 : 12,
      2,
      p.accentDark,
      `transform="rotate(${i * 30} 400 400)"`,
    )
  }
  const hand = (deg: number, len: number, w: number, c: string) =>
    rect(400 - w / 2, 400 - len, w, len + 14, w / 2, c, `transform="rotate(${deg} 400 400)"`)
  const dialFill = view === 2 ? p.accentLight : '#f7f5f0'
  const face =
    circle(400, 400, 140, p.body) +
    circle(400, 400, 124, p.bodyDark) +
    circle(400, 400, 110, dialFill)
  const hands =
    hand(300 + view * 25, 70, 10, INK) +
    hand(60 + view * 40, 95, 7, INK) +
    hand(160, 100, 3, '#d8443a') +
    circle(400, 400, 9, INK)
  const crown = rect(538, 386, 22, 28, 5, p.body)
  return {
    svg: straps + holes + crown + face + marks + hands,
    top: 130,
    bottom: 670,
    halfWidth: 140,
  }
}

function shirt(p: Palette, view: number): Shape {
  const d =
    'M 305 180 L 240 200 L 160 280 L 215 355 L 265 320 L 265 630 L 535 630 L 535 320 L 585 355 L 640 280 L 560 200 L 495 180 Q 400 250 305 180 Z'
  const stripes =
    view % 2 === 1
      ? [300, 380, 460, 540]
          .map((y) => rect(265, y, 270, 26, 0, p.accent, 'opacity="0.55"'))
          .join('')
      : ''
  const collar = path('M 305 180 Q 400 250 495 180 L 480 176 Q 400 226 320 176 Z', p.bodyDark)
  const pocket = view % 2 === 0 ? rect(440, 300, 60, 66, 8, p.bodyDark, 'opacity="0.5"') : ''
  return { svg: path(d, p.body) + stripes + collar + pocket, top: 180, bottom: 630, halfWidth: 190 }
}

function dress(p: Palette, view: number): Shape {
  const d =
    'M 328 170 L 368 170 Q 400 222 432 170 L 472 170 L 486 300 L 458 345 L 610 625 Q 400 668 190 625 L 342 345 L 314 300 Z'
  const dots =
    view % 2 === 0
      ? [0, 1, 2, 3, 4, 5, 6, 7, 8]
          .map((i) =>
            circle(
              300 + (i % 3) * 100 + (i > 2 && i < 6 ? 50 : 0),
              420 + Math.floor(i / 3) * 70,
              11,
              p.accentLight,
            ),
          )
          .join('')
      : ''
  const belt = rect(330, 330, 140, 24, 10, p.accentDark)
  return {
    svg: path(d, p.body) + dots + belt + circle(400, 342, 12, p.accent),
    top: 165,
    bottom: 650,
    halfWidth: 210,
  }
}

function kettle(p: Palette): Shape {
  const body = path(
    'M 300 290 L 500 290 L 540 590 Q 542 606 524 606 L 276 606 Q 258 606 260 590 Z',
    p.body,
  )
  const handle = path(
    'M 495 330 C 610 330 620 420 560 560',
    'none',
    `stroke="${p.bodyDark}" stroke-width="30" stroke-linecap="round"`,
  )
  const spout = path('M 296 450 L 214 316 Q 208 300 226 302 L 306 330 Z', p.bodyDark)
  const lid = ellipse(400, 290, 104, 18, p.bodyDark) + rect(380, 252, 40, 30, 12, p.accentDark)
  const window = rect(452, 380, 22, 150, 11, p.accentLight, 'opacity="0.8"')
  const base = rect(252, 600, 296, 30, 12, INK)
  return {
    svg:
      handle +
      spout +
      body +
      lid +
      window +
      base +
      glare('M 320 310 L 350 310 L 320 580 L 292 580 Z'),
    top: 252,
    bottom: 630,
    halfWidth: 190,
    upright: true,
  }
}

function lamp(p: Palette): Shape {
  const glow =
    `<defs><radialGradient id="glow"><stop offset="0" stop-color="#fff5c8" stop-opacity="0.9"/><stop offset="1" stop-color="#fff5c8" stop-opacity="0"/></radialGradient></defs>` +
    ellipse(400, 400, 190, 120, 'url(#glow)')
  const shade =
    path('M 310 180 L 490 180 L 565 370 L 235 370 Z', p.body) +
    path('M 310 180 L 490 180 L 495 195 L 305 195 Z', p.bodyDark)
  const stem = rect(391, 370, 18, 230, 8, p.accentDark)
  const base = ellipse(400, 610, 120, 26, p.accentDark) + ellipse(400, 600, 120, 24, p.accent)
  return { svg: glow + stem + base + shade, top: 180, bottom: 636, halfWidth: 170, upright: true }
}

function sofa(p: Palette, view: number): Shape {
  const legs = [195, 585]
    .map((x) => path(`M ${x} 560 L ${x + 24} 560 L ${x + 18} 612 L ${x + 6} 612 Z`, WOOD))
    .join('')
  const back = rect(175, 290, 450, 190, 46, p.bodyDark)
  const backs = rect(205, 310, 190, 140, 30, p.body) + rect(405, 310, 190, 140, 30, p.body)
  const seat =
    rect(165, 460, 470, 105, 28, p.bodyDark) +
    rect(215, 440, 180, 60, 20, p.bodyLight) +
    rect(405, 440, 180, 60, 20, p.bodyLight)
  const arms = rect(130, 380, 95, 185, 40, p.body) + rect(575, 380, 95, 185, 40, p.body)
  const pillow =
    view % 2 === 1 ? rect(230, 370, 100, 90, 24, p.accent, 'transform="rotate(-12 280 415)"') : ''
  return {
    svg: legs + back + backs + seat + arms + pillow,
    top: 290,
    bottom: 612,
    halfWidth: 270,
    upright: true,
  }
}

function chair(p: Palette): Shape {
  const legs = [290, 490]
    .map((x) => path(`M ${x} 520 L ${x + 22} 520 L ${x + 10} 630 L ${x + 2} 630 Z`, WOOD))
    .join('')
  const back =
    rect(285, 200, 230, 270, 80, p.body) +
    rect(315, 232, 170, 200, 56, p.bodyLight, 'opacity="0.45"')
  const seat = rect(265, 440, 270, 95, 34, p.bodyDark)
  const arms = rect(240, 360, 70, 170, 34, p.body) + rect(490, 360, 70, 170, 34, p.body)
  return { svg: legs + back + seat + arms, top: 200, bottom: 630, halfWidth: 170, upright: true }
}

function toyCar(p: Palette): Shape {
  const cabin = path('M 290 370 L 340 270 L 480 270 L 540 370 Z', p.bodyDark)
  const windows =
    path('M 312 362 L 350 288 L 405 288 L 405 362 Z', '#cfe6f5') +
    path('M 420 362 L 420 288 L 470 288 L 515 362 Z', '#cfe6f5')
  const body = rect(150, 355, 500, 150, 60, p.body)
  const stripe = rect(175, 420, 450, 18, 9, p.accentLight)
  const wheel = (cx: number) =>
    circle(cx, 505, 62, INK) + circle(cx, 505, 28, '#c9ced6') + circle(cx, 505, 10, p.accent)
  const lights = circle(630, 400, 14, '#ffe27a') + rect(150, 395, 16, 26, 6, '#ff6b5b')
  return {
    svg: cabin + windows + body + stripe + wheel(265) + wheel(535) + lights,
    top: 270,
    bottom: 567,
    halfWidth: 260,
  }
}

function teddy(p: Palette): Shape {
  const fur = p.body
  const ears =
    circle(315, 195, 45, fur) +
    circle(485, 195, 45, fur) +
    circle(315, 195, 24, p.bodyLight) +
    circle(485, 195, 24, p.bodyLight)
  const body = ellipse(400, 480, 135, 150, fur) + ellipse(400, 500, 80, 95, p.bodyLight)
  const limbs =
    ellipse(270, 450, 45, 80, fur, 'transform="rotate(25 270 450)"') +
    ellipse(530, 450, 45, 80, fur, 'transform="rotate(-25 530 450)"') +
    ellipse(315, 605, 65, 45, fur) +
    ellipse(485, 605, 65, 45, fur)
  const pads = ellipse(315, 610, 35, 24, p.bodyLight) + ellipse(485, 610, 35, 24, p.bodyLight)
  const head =
    circle(400, 270, 115, fur) +
    ellipse(400, 310, 55, 42, p.bodyLight) +
    circle(360, 250, 12, INK) +
    circle(440, 250, 12, INK) +
    ellipse(400, 292, 20, 14, INK)
  const bow =
    path('M 400 385 L 340 355 L 340 415 Z', p.accent) +
    path('M 400 385 L 460 355 L 460 415 Z', p.accent) +
    circle(400, 385, 14, p.accentDark)
  return { svg: ears + limbs + body + pads + head + bow, top: 150, bottom: 650, halfWidth: 200 }
}

function headphones(p: Palette, view: number): Shape {
  const band = path(
    'M 250 440 C 250 170 550 170 550 440',
    'none',
    `stroke="${p.body}" stroke-width="38" stroke-linecap="round"`,
  )
  const pad = path(
    'M 272 380 C 285 215 515 215 528 380',
    'none',
    `stroke="${p.bodyDark}" stroke-width="12" stroke-linecap="round"`,
  )
  const cup = (x: number) =>
    rect(x, 390, 110, 190, 48, p.body) +
    rect(x + 22, 420, 66, 130, 32, p.accent, view === 2 ? '' : 'opacity="0.9"')
  const cushion = rect(300, 405, 44, 160, 18, p.bodyDark) + rect(456, 405, 44, 160, 18, p.bodyDark)
  return { svg: band + pad + cushion + cup(210) + cup(480), top: 235, bottom: 580, halfWidth: 220 }
}

function speaker(p: Palette, view: number, tower: boolean): Shape {
  if (tower) {
    const cab = rect(270, 150, 260, 490, 30, p.bodyDark) + rect(285, 165, 230, 460, 22, p.body)
    const drv = (cy: number, r: number) =>
      circle(400, cy, r, INK) +
      circle(400, cy, r * 0.72, GLASS) +
      circle(400, cy, r * 0.25, p.accent)
    return {
      svg: cab + drv(250, 50) + drv(420, 92) + drv(560, 42),
      top: 150,
      bottom: 640,
      halfWidth: 130,
      upright: true,
    }
  }
  let dots = ''
  for (let i = 0; i < 40; i++)
    dots += circle(215 + (i % 10) * 41, 330 + Math.floor(i / 10) * 45, 8, p.bodyDark)
  const pill = rect(160, 280, 480, 240, 120, p.body) + dots
  const caps = rect(150, 300, 50, 200, 25, p.accentDark) + rect(600, 300, 50, 200, 25, p.accentDark)
  const strap = view % 2 === 0 ? rect(380, 262, 40, 40, 12, p.accent) : ''
  return {
    svg: strap + pill + caps + circle(400, 500, 9, p.accentLight),
    top: 262,
    bottom: 520,
    halfWidth: 250,
  }
}

function camera(p: Palette, view: number): Shape {
  const hump = path('M 320 260 L 350 210 L 450 210 L 480 260 Z', p.bodyDark)
  const body = rect(160, 255, 480, 320, 40, p.body)
  const band = rect(160, 330, 480, 190, 0, p.bodyDark, 'opacity="0.85"')
  const grip = rect(160, 300, 80, 260, 30, p.bodyDark)
  const shutter = rect(205, 232, 70, 28, 10, p.accent) + rect(520, 238, 70, 20, 6, INK)
  const glass = `<defs><radialGradient id="lens" cx="0.4" cy="0.35"><stop offset="0" stop-color="${p.accentLight}"/><stop offset="0.6" stop-color="#1e2a52"/><stop offset="1" stop-color="#0a0d16"/></radialGradient></defs>`
  const r = view === 3 ? 150 : 130
  const lens =
    glass +
    circle(410, 430, r, INK) +
    circle(410, 430, r - 18, '#3a404b') +
    circle(410, 430, r - 40, 'url(#lens)') +
    circle(410, 430, r - 85, '#0c1020', 'opacity="0.8"') +
    ellipse(380, 395, 26, 16, '#ffffff', 'opacity="0.55" transform="rotate(-30 380 395)"')
  const flash = rect(540, 280, 70, 40, 8, '#e9eef5') + circle(590, 540, 10, '#ff4d4d')
  return {
    svg: hump + body + band + grip + shutter + flash + lens,
    top: 210,
    bottom: 580,
    halfWidth: 240,
  }
}

function book(p: Palette, view: number): Shape {
  if (view % 3 === 1) {
    // A small stack of books seen from the side, spines towards the viewer.
    const spine = (y: number, x: number, w: number, c: string, d: string) =>
      rect(x, y, w, 80, 10, c) +
      rect(x + 30, y + 22, w - 60, 12, 6, d) +
      rect(x + 30, y + 46, (w - 60) * 0.5, 10, 5, d)
    const stack =
      spine(540, 190, 420, p.accentDark, p.accentLight) +
      spine(460, 220, 380, p.body, p.bodyLight) +
      spine(380, 175, 400, p.accent, '#ffffff') +
      spine(300, 240, 350, p.bodyDark, p.accentLight)
    return { svg: stack, top: 300, bottom: 620, halfWidth: 215 }
  }
  const pages =
    rect(292, 184, 270, 420, 10, CREAM) +
    rect(292, 184, 270, 420, 10, 'none', 'stroke="#d9d1c0" stroke-width="3"')
  const cover = rect(270, 170, 270, 420, 12, p.body) + rect(270, 170, 34, 420, 12, p.bodyDark)
  const title =
    rect(335, 240, 170, 22, 6, p.accentLight) +
    rect(335, 276, 120, 14, 6, p.accentLight, 'opacity="0.7"')
  const emblem =
    view === 2
      ? circle(420, 410, 62, p.accent) + circle(420, 410, 36, p.bodyLight)
      : path('M 420 340 L 480 410 L 420 480 L 360 410 Z', p.accent)
  return {
    svg: pages + cover + title + emblem + rect(335, 530, 140, 12, 6, p.accentLight),
    top: 170,
    bottom: 604,
    halfWidth: 150,
  }
}

function giftBox(p: Palette, view: number): Shape {
  const dots =
    view % 2 === 1
      ? [0, 1, 2, 3, 4, 5]
          .map((i) => circle(275 + (i % 3) * 125, 420 + Math.floor(i / 3) * 110, 16, p.bodyLight))
          .join('')
      : ''
  const box =
    rect(230, 350, 340, 270, 10, p.body) +
    dots +
    rect(230, 350, 340, 24, 0, p.bodyDark, 'opacity="0.5"')
  const lid = rect(205, 295, 390, 75, 12, p.bodyDark)
  const ribbon = rect(378, 295, 44, 325, 4, p.accent)
  const loop = (dir: number) =>
    ellipse(
      400 + dir * 62,
      262,
      66,
      36,
      p.accent,
      `transform="rotate(${dir * -20} ${400 + dir * 62} 262)"`,
    ) +
    ellipse(
      400 + dir * 58,
      264,
      34,
      14,
      p.accentDark,
      `transform="rotate(${dir * -20} ${400 + dir * 58} 264)"`,
    )
  return {
    svg: box + lid + ribbon + loop(-1) + loop(1) + circle(400, 282, 26, p.accentDark),
    top: 226,
    bottom: 620,
    halfWidth: 195,
  }
}

const has = (name: string, ...words: string[]) => words.some((w) => name.toLowerCase().includes(w))

/**
 * Picks the drawing from the category and, where the name makes it obvious, the product itself,
 * so a kettle does not get a lamp picture. `pick` breaks ties for names that say nothing.
 */
export function drawProduct(
  category: Category,
  name: string,
  p: Palette,
  view: number,
  pick: number,
): Shape {
  switch (category) {
    case 'Phone':
      return phone(p, view)
    case 'Laptop':
      return laptop(p, view)
    case 'Watches':
      return watch(p, view, has(name, 'smart', 'fitness', 'digital'))
    case 'Fashion':
      return has(name, 'dress', 'skirt', 'blouse') ? dress(p, view) : shirt(p, view)
    case 'Households':
      if (has(name, 'lamp')) return lamp(p)
      return has(name, 'kettle', 'coffee', 'espresso') || pick % 2 === 0 ? kettle(p) : lamp(p)
    case 'Furniture':
      if (has(name, 'sofa', 'sectional')) return sofa(p, view)
      return has(name, 'chair', 'stool') || pick % 2 === 0 ? chair(p) : sofa(p, view)
    case 'Toys':
      if (has(name, 'bear', 'bunny', 'plush')) return teddy(p)
      return has(name, 'car') || pick % 2 === 0 ? toyCar(p) : teddy(p)
    case 'Sound':
      if (has(name, 'floorstanding', 'bookshelf')) return speaker(p, view, true)
      return has(name, 'speaker', 'soundbar') ? speaker(p, view, false) : headphones(p, view)
    case 'Camera':
      return camera(p, view)
    case 'Books':
      return book(p, view)
    case 'MISCELLANEOUS':
      return giftBox(p, view)
  }
}
