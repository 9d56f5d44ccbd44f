import 'server-only'
// Clothes and shoes.
import {
  CREAM,
  INK,
  STEEL,
  circle,
  ellipse,
  line,
  path,
  rect,
  repeat,
  shape,
  type Palette,
  type Shape,
} from './kit'

type TopOptions = {
  sleeves: 'short' | 'long'
  /** How far down the garment goes: 630 for a shirt, 720 for a coat. */
  hem?: number
}

/** The outline every top shares: shoulders at y 180, sleeves out to the sides. */
function topOutline({ sleeves, hem = 630 }: TopOptions): string {
  const body = `L 265 320 L 265 ${hem} L 535 ${hem} L 535 320`
  return sleeves === 'short'
    ? `M 305 180 L 240 200 L 160 280 L 215 355 ${body} L 585 355 L 640 280 L 560 200 L 495 180 Q 400 250 305 180 Z`
    : `M 310 180 L 240 200 L 190 260 L 150 560 L 215 570 L 262 340 L 265 ${hem} L 535 ${hem} L 538 340 L 585 570 L 650 560 L 610 260 L 560 200 L 490 180 Q 400 250 310 180 Z`
}

export function tShirt(p: Palette, view: number): Shape {
  const stripes =
    view % 2 === 1
      ? repeat(4, (i) => rect(265, 300 + i * 80, 270, 26, 0, p.accent, 'opacity="0.55"'))
      : ''
  const collar = path('M 305 180 Q 400 250 495 180 L 480 176 Q 400 226 320 176 Z', p.bodyDark)
  const pocket = view % 2 === 0 ? rect(440, 300, 60, 66, 8, p.bodyDark, 'opacity="0.5"') : ''
  return shape(
    path(topOutline({ sleeves: 'short' }), p.body) + stripes + collar + pocket,
    180,
    630,
    190,
  )
}

export function buttonShirt(p: Palette): Shape {
  const collar =
    path('M 330 176 L 400 236 L 360 276 L 310 196 Z', p.bodyLight) +
    path('M 470 176 L 400 236 L 440 276 L 490 196 Z', p.bodyLight)
  const placket =
    rect(392, 236, 16, 394, 4, p.bodyDark, 'opacity="0.5"') +
    repeat(5, (i) => circle(400, 290 + i * 72, 7, CREAM))
  const cuffs =
    rect(150, 530, 66, 36, 8, p.bodyDark, 'transform="rotate(4 183 548)"') +
    rect(584, 530, 66, 36, 8, p.bodyDark, 'transform="rotate(-4 617 548)"')
  const pocket = rect(300, 300, 62, 70, 8, p.bodyDark, 'opacity="0.35"')
  return shape(
    path(topOutline({ sleeves: 'long' }), p.body) + pocket + placket + collar + cuffs,
    176,
    630,
    250,
  )
}

export function blouse(p: Palette): Shape {
  const neck = path('M 330 180 L 400 300 L 470 180 Z', p.bodyDark, 'opacity="0.6"')
  const bow =
    ellipse(370, 300, 34, 18, p.accent, 'transform="rotate(20 370 300)"') +
    ellipse(430, 300, 34, 18, p.accent, 'transform="rotate(-20 430 300)"') +
    circle(400, 300, 12, p.accentDark)
  const gathers = repeat(4, (i) =>
    line(
      `M ${200 + i * 10} ${380 + i * 40} Q ${220 + i * 10} ${400 + i * 40} ${205 + i * 10} ${420 + i * 40}`,
      p.bodyDark,
      4,
      'opacity="0.4"',
    ),
  )
  return shape(
    path(topOutline({ sleeves: 'long', hem: 600 }), p.body) +
      neck +
      bow +
      gathers +
      line('M 265 600 Q 400 640 535 600', p.bodyDark, 6, 'opacity="0.4"'),
    180,
    620,
    250,
  )
}

export function sweater(p: Palette, view: number): Shape {
  const ribs = (x: number, y: number, w: number) =>
    rect(x, y, w, 40, 10, p.bodyDark) +
    repeat(Math.floor(w / 16), (i) =>
      rect(x + 6 + i * 16, y + 4, 4, 32, 2, p.body, 'opacity="0.6"'),
    )
  const neck =
    path('M 310 180 Q 400 250 490 180 L 470 172 Q 400 222 330 172 Z', p.bodyDark) +
    ellipse(400, 190, 80, 22, p.bodyDark)
  const cable =
    view % 2 === 0
      ? repeat(6, (i) =>
          ellipse(400, 300 + i * 50, 30, 22, 'none', `stroke="${p.bodyLight}" stroke-width="8"`),
        )
      : repeat(3, (i) => rect(265, 330 + i * 90, 270, 20, 0, p.accent, 'opacity="0.6"'))
  return shape(
    path(topOutline({ sleeves: 'long' }), p.body) + cable + ribs(265, 600, 270) + neck,
    170,
    640,
    250,
  )
}

function jacketLike(p: Palette, hem: number, lapels: boolean, hood: boolean): string {
  const opening = path(`M 388 220 L 412 220 L 412 ${hem} L 388 ${hem} Z`, p.bodyDark)
  const collar = lapels
    ? path('M 320 176 L 392 230 L 380 360 L 330 250 Z', p.bodyDark) +
      path('M 480 176 L 408 230 L 420 360 L 470 250 Z', p.bodyDark)
    : path('M 310 176 Q 400 230 490 176 L 500 210 Q 400 270 300 210 Z', p.bodyDark)
  const hoodShape = hood ? path('M 300 190 Q 400 90 500 190 Q 400 150 300 190 Z', p.bodyDark) : ''
  const pockets =
    rect(290, hem - 180, 80, 14, 6, p.bodyDark) + rect(430, hem - 180, 80, 14, 6, p.bodyDark)
  return hoodShape + path(topOutline({ sleeves: 'long', hem }), p.body) + opening + collar + pockets
}

export function jacket(p: Palette, view: number): Shape {
  const zip =
    view % 2 === 0
      ? rect(396, 230, 8, 400, 3, STEEL)
      : repeat(5, (i) => circle(420, 270 + i * 70, 8, STEEL))
  const seams = line('M 265 420 L 535 420', p.bodyLight, 4, 'stroke-dasharray="10 8"')
  return shape(jacketLike(p, 630, false, view % 2 === 1) + seams + zip, 120, 630, 250)
}

export function coat(p: Palette): Shape {
  const buttons = repeat(6, (i) =>
    circle(370 + (i % 2) * 60, 380 + Math.floor(i / 2) * 90, 10, INK),
  )
  const belt = rect(265, 470, 270, 26, 6, p.bodyDark)
  return shape(jacketLike(p, 720, true, false) + belt + buttons, 176, 720, 250)
}

export function trousers(p: Palette, view: number): Shape {
  const legs = path(
    'M 285 180 L 515 180 L 550 650 L 430 650 L 400 320 L 370 650 L 250 650 Z',
    p.body,
  )
  const band =
    rect(285, 170, 230, 36, 6, p.bodyDark) +
    repeat(4, (i) => rect(305 + i * 60, 166, 12, 44, 3, p.bodyDark))
  const creases =
    line('M 330 240 L 310 640', p.bodyDark, 4, 'opacity="0.5"') +
    line('M 470 240 L 490 640', p.bodyDark, 4, 'opacity="0.5"')
  const pockets =
    line('M 290 210 Q 330 250 330 290', p.bodyDark, 5) +
    line('M 510 210 Q 470 250 470 290', p.bodyDark, 5)
  const cuffs =
    view % 2 === 1
      ? rect(250, 626, 120, 24, 4, p.bodyDark) + rect(430, 626, 120, 24, 4, p.bodyDark)
      : ''
  return shape(legs + band + creases + pockets + cuffs + circle(400, 188, 7, STEEL), 166, 650, 150)
}

export function skirt(p: Palette): Shape {
  const body = path('M 320 230 L 480 230 L 590 620 Q 400 650 210 620 Z', p.body)
  const pleats = repeat(7, (i) =>
    path(
      `M ${340 + i * 20} 250 L ${245 + i * 52} 625 L ${265 + i * 52} 628 Z`,
      p.bodyDark,
      'opacity="0.35"',
    ),
  )
  const band = rect(316, 210, 168, 34, 8, p.bodyDark)
  return shape(body + pleats + band, 210, 640, 200)
}

export function dress(p: Palette, view: number): Shape {
  const d =
    'M 328 170 L 368 170 Q 400 222 432 170 L 472 170 L 486 300 L 458 345 L 610 625 Q 400 668 190 625 L 342 345 L 314 300 Z'
  const dots =
    view % 2 === 0
      ? repeat(9, (i) =>
          circle(
            300 + (i % 3) * 100 + (i > 2 && i < 6 ? 50 : 0),
            420 + Math.floor(i / 3) * 70,
            11,
            p.accentLight,
          ),
        )
      : ''
  const belt = rect(330, 330, 140, 24, 10, p.accentDark)
  return shape(path(d, p.body) + dots + belt + circle(400, 342, 12, p.accent), 165, 650, 210)
}

export function boots(p: Palette, view: number): Shape {
  const boot = (dx: number, shade: string) =>
    `<g transform="translate(${dx} 0)">` +
    path(
      'M 300 200 L 430 200 L 440 430 Q 450 470 530 482 L 610 500 Q 650 512 650 556 L 650 590 L 290 590 L 290 420 Z',
      shade,
    ) +
    rect(284, 584, 372, 22, 8, INK) +
    rect(290, 600, 90, 40, 6, INK) +
    rect(410, 206, 16, 150, 6, p.bodyLight, 'opacity="0.6"') +
    rect(316, 180, 40, 34, 8, p.bodyDark) +
    line('M 300 460 Q 420 470 470 500', p.bodyLight, 4, 'stroke-dasharray="10 8" opacity="0.7"') +
    '</g>'
  const pair = view % 2 === 0 ? boot(-70, p.bodyDark) + boot(40, p.body) : boot(-20, p.body)
  return shape(pair, 180, 640, 260, true)
}

export function sneakers(p: Palette, view: number): Shape {
  const shoe = (dx: number, dy: number, shade: string) =>
    `<g transform="translate(${dx} ${dy})">` +
    path(
      'M 170 480 Q 170 380 250 370 L 350 360 Q 420 430 500 440 L 600 460 Q 660 480 650 520 L 170 520 Z',
      shade,
    ) +
    rect(160, 516, 500, 40, 18, '#f2f2ef') +
    rect(160, 540, 500, 16, 8, p.accent) +
    path('M 260 480 Q 400 430 560 470 L 560 490 Q 400 456 260 500 Z', p.accent) +
    repeat(4, (i) =>
      line(`M ${300 + i * 30} ${372 + i * 10} L ${330 + i * 30} ${400 + i * 10}`, '#ffffff', 7),
    ) +
    '</g>'
  const pair =
    view % 2 === 0 ? shoe(-30, -60, p.bodyDark) + shoe(30, 40, p.body) : shoe(0, 0, p.body)
  return shape(pair, 300, 596, 270, true)
}

export function scarf(p: Palette, view: number): Shape {
  const loop = line('M 300 230 Q 400 150 500 230 Q 520 300 400 300 Q 280 300 300 230', p.body, 70)
  const band = (x: number, y: number, h: number, tilt: number) =>
    `<g transform="rotate(${tilt} ${x + 45} ${y})">` +
    rect(x, y, 90, h, 14, p.body) +
    repeat(3, (i) =>
      rect(x, y + 60 + i * 90, 90, 18, 0, view % 2 === 0 ? p.accent : p.bodyLight, 'opacity="0.8"'),
    ) +
    repeat(7, (i) => rect(x + 4 + i * 12, y + h - 4, 6, 40, 3, p.body)) +
    '</g>'
  return shape(band(310, 280, 330, 6) + band(410, 290, 290, -8) + loop, 150, 680, 180)
}

export function socks(p: Palette, view: number): Shape {
  const sock = (dx: number, main: string, trim: string) =>
    `<g transform="translate(${dx} 0)">` +
    path(
      'M 330 160 L 450 160 L 450 470 L 560 540 Q 600 570 570 615 Q 545 645 500 625 L 350 540 Q 320 520 330 480 Z',
      main,
    ) +
    rect(326, 150, 128, 60, 12, trim) +
    repeat(6, (i) => rect(336 + i * 20, 158, 6, 46, 3, main, 'opacity="0.5"')) +
    path('M 520 560 Q 585 575 570 615 Q 545 645 500 625 Z', trim) +
    path('M 330 480 Q 320 520 350 540 L 380 555 L 390 500 Z', trim) +
    '</g>'
  return shape(
    view % 2 === 0
      ? sock(-90, p.bodyDark, p.accent) + sock(40, p.body, p.accentLight)
      : sock(-20, p.body, p.accent),
    150,
    650,
    230,
  )
}
