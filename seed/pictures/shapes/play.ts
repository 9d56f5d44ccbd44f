import 'server-only'
// Toys, books and the odds and ends of MISCELLANEOUS.
import {
  CREAM,
  GLASS,
  INK,
  STEEL,
  WHITE,
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

const RAINBOW = ['#e74c3c', '#f39c12', '#f1c40f', '#2ecc71', '#3498db', '#9b59b6']

export function bricks(p: Palette, view: number): Shape {
  const tones = [p.body, p.accent, '#f1c40f', p.accentDark, '#e74c3c', p.bodyLight]
  const brick = (x: number, y: number, studs: number, c: string) =>
    rect(x, y, studs * 60, 70, 6, c) +
    repeat(
      studs,
      (i) =>
        rect(x + 12 + i * 60, y - 16, 36, 18, 4, c) +
        rect(x + 12 + i * 60, y - 16, 36, 6, 3, '#ffffff', 'opacity="0.3"'),
    )
  const layout = [
    [190, 560, 4],
    [430, 560, 3],
    [250, 474, 4],
    [490, 474, 2],
    [310, 388, 3],
    [370, 302, 2],
  ]
  return shape(
    layout
      .map(([x, y, n], i) => brick(x ?? 0, y ?? 0, n ?? 1, tones[(i + view) % tones.length] ?? INK))
      .join(''),
    286,
    630,
    230,
    true,
  )
}

export function toyCar(p: Palette, view: number): Shape {
  const cabin = path('M 290 370 L 340 270 L 480 270 L 540 370 Z', p.bodyDark)
  const windows =
    path('M 312 362 L 350 288 L 405 288 L 405 362 Z', '#cfe6f5') +
    path('M 420 362 L 420 288 L 470 288 L 515 362 Z', '#cfe6f5')
  const body = rect(150, 355, 500, 150, 60, p.body)
  const stripe = rect(175, 420, 450, 18, 9, p.accentLight)
  const wheel = (cx: number) =>
    circle(cx, 505, 62, INK) + circle(cx, 505, 28, STEEL) + circle(cx, 505, 10, p.accent)
  const lights = circle(630, 400, 14, '#ffe27a') + rect(150, 395, 16, 26, 6, '#ff6b5b')
  const antenna =
    view % 2 === 1 ? line('M 470 270 L 520 170', INK, 6) + circle(520, 170, 10, p.accent) : ''
  return shape(
    antenna + cabin + windows + body + stripe + wheel(265) + wheel(535) + lights,
    270,
    567,
    260,
  )
}

export function teddyBear(p: Palette): Shape {
  const fur = p.wood
  const light = CREAM
  const ears =
    circle(315, 195, 45, fur) +
    circle(485, 195, 45, fur) +
    circle(315, 195, 24, light) +
    circle(485, 195, 24, light)
  const body = ellipse(400, 480, 135, 150, fur) + ellipse(400, 500, 80, 95, light)
  const limbs =
    ellipse(270, 450, 45, 80, fur, 'transform="rotate(25 270 450)"') +
    ellipse(530, 450, 45, 80, fur, 'transform="rotate(-25 530 450)"') +
    ellipse(315, 605, 65, 45, fur) +
    ellipse(485, 605, 65, 45, fur)
  const pads = ellipse(315, 610, 35, 24, light) + ellipse(485, 610, 35, 24, light)
  const head =
    circle(400, 270, 115, fur) +
    ellipse(400, 310, 55, 42, light) +
    circle(360, 250, 12, INK) +
    circle(440, 250, 12, INK) +
    ellipse(400, 292, 20, 14, INK)
  const bow =
    path('M 400 385 L 340 355 L 340 415 Z', p.accent) +
    path('M 400 385 L 460 355 L 460 415 Z', p.accent) +
    circle(400, 385, 14, p.accentDark)
  return shape(ears + limbs + body + pads + head + bow, 150, 650, 200)
}

export function plushBunny(p: Palette): Shape {
  const fur = p.bodyLight
  const ears =
    ellipse(350, 170, 36, 110, fur, 'transform="rotate(-10 350 170)"') +
    ellipse(450, 170, 36, 110, fur, 'transform="rotate(12 450 170)"') +
    ellipse(350, 175, 18, 80, p.accentLight, 'transform="rotate(-10 350 175)"') +
    ellipse(450, 175, 18, 80, p.accentLight, 'transform="rotate(12 450 175)"')
  const body = ellipse(400, 500, 130, 140, fur) + ellipse(400, 520, 75, 90, WHITE, 'opacity="0.7"')
  const feet = ellipse(320, 630, 60, 30, fur) + ellipse(480, 630, 60, 30, fur)
  const head =
    circle(400, 330, 100, fur) +
    circle(365, 320, 11, INK) +
    circle(435, 320, 11, INK) +
    ellipse(400, 352, 14, 10, '#f08ca0') +
    circle(345, 360, 16, '#f4b6c2', 'opacity="0.7"') +
    circle(455, 360, 16, '#f4b6c2', 'opacity="0.7"')
  const tie =
    path('M 400 430 L 350 410 L 350 450 Z', p.accent) +
    path('M 400 430 L 450 410 L 450 450 Z', p.accent)
  return shape(ears + body + feet + head + tie, 60, 660, 190)
}

export function jigsawPuzzle(p: Palette, view: number): Shape {
  const scene =
    rect(180, 220, 440, 330, 10, p.accentLight) +
    path('M 180 450 L 300 300 L 380 400 L 470 280 L 620 450 Z', p.bodyDark) +
    path('M 470 280 L 430 333 L 470 320 L 510 335 Z', WHITE) +
    rect(180, 440, 440, 110, 0, p.accent, 'opacity="0.8"') +
    circle(540, 280, 30, '#ffe27a')
  const cuts =
    repeat(3, (i) =>
      line(
        `M ${290 + i * 110} 220 L ${290 + i * 110} 330 Q ${315 + i * 110} 345 ${290 + i * 110} 360 L ${290 + i * 110} 550`,
        '#ffffff',
        4,
        'opacity="0.6"',
      ),
    ) + line('M 180 385 L 340 385 Q 355 410 370 385 L 620 385', '#ffffff', 4, 'opacity="0.6"')
  const gap = rect(510, 440, 110, 110, 0, CREAM)
  const piece = `<g transform="rotate(${view % 2 === 0 ? 18 : -12} 620 600)">${rect(570, 560, 100, 100, 6, p.accent)}${circle(670, 610, 22, p.accent)}${circle(620, 560, 22, p.accent)}</g>`
  return shape(scene + cuts + gap + piece, 220, 680, 260)
}

export function rainbowStacker(p: Palette): Shape {
  const base = rect(250, 600, 300, 40, 14, p.wood) + rect(388, 230, 24, 380, 10, p.wood)
  const rings = repeat(6, (i) =>
    rect(400 - (140 - i * 18), 540 - i * 58, 2 * (140 - i * 18), 60, 30, RAINBOW[i] ?? INK),
  )
  const knob = circle(400, 220, 34, p.accent)
  return shape(base + rings + knob, 186, 640, 150, true)
}

export function toyTrain(p: Palette, view: number): Shape {
  const track =
    rect(100, 590, 600, 14, 4, p.woodDark) +
    repeat(10, (i) => rect(110 + i * 60, 584, 30, 26, 4, p.wood))
  const loco =
    rect(380, 420, 280, 120, 16, p.body) +
    rect(530, 320, 130, 110, 14, p.bodyDark) +
    rect(550, 340, 90, 50, 8, '#cfe6f5') +
    rect(420, 350, 50, 80, 10, INK) +
    rect(410, 340, 70, 20, 8, p.accent)
  const wagon =
    rect(130, 440, 220, 100, 14, p.accent) +
    rect(150, 410, 180, 40, 8, view % 2 === 0 ? '#f1c40f' : '#2ecc71')
  const wheels = [180, 300, 430, 520, 610]
    .map((x) => circle(x, 550, 36, INK) + circle(x, 550, 12, STEEL))
    .join('')
  const hitch = rect(350, 500, 30, 16, 6, INK)
  return shape(track + wagon + hitch + loco + wheels, 320, 610, 300, true)
}

export function telescope(p: Palette): Shape {
  const legs =
    line('M 400 430 L 290 660', p.woodDark, 14) +
    line('M 400 430 L 510 660', p.woodDark, 14) +
    line('M 400 430 L 405 670', p.wood, 14)
  const tube = `<g transform="rotate(-24 400 380)">${rect(190, 340, 420, 80, 30, p.body)}${rect(590, 326, 60, 108, 20, p.bodyDark)}${rect(150, 360, 50, 40, 10, INK)}${rect(280, 300, 140, 26, 10, p.accent)}${rect(340, 336, 20, 88, 4, p.accentDark)}${ellipse(648, 380, 12, 50, GLASS)}</g>`
  const mount = circle(400, 420, 20, INK)
  return shape(legs + tube + mount, 200, 670, 270, true)
}

export function boardGame(p: Palette, view: number): Shape {
  const board = rect(170, 200, 460, 360, 16, p.body) + rect(190, 220, 420, 320, 8, CREAM)
  const tiles = repeat(12, (i) => {
    const cx = 260 + (i % 4) * 95 + (Math.floor(i / 4) % 2) * 45
    const cy = 290 + Math.floor(i / 4) * 90
    const c = [p.accent, '#6b9a4c', '#d9a441', p.bodyLight][(i + view) % 4] ?? INK
    return path(
      `M ${cx} ${cy - 45} L ${cx + 40} ${cy - 22} L ${cx + 40} ${cy + 22} L ${cx} ${cy + 45} L ${cx - 40} ${cy + 22} L ${cx - 40} ${cy - 22} Z`,
      c,
      'opacity="0.9"',
    )
  })
  const pawn = (x: number, c: string) =>
    path(`M ${x - 22} 620 L ${x} 560 L ${x + 22} 620 Z`, c) + circle(x, 556, 16, c)
  const die = (x: number, y: number, n: number) =>
    rect(x, y, 70, 70, 14, WHITE, `stroke="${STEEL}" stroke-width="3"`) +
    repeat(n, (i) => circle(x + 20 + (i % 2) * 30, y + 20 + Math.floor(i / 2) * 15, 7, INK))
  return shape(
    board +
      tiles +
      pawn(230, '#e74c3c') +
      pawn(290, '#3498db') +
      die(480, 560, 4) +
      die(560, 580, 3),
    200,
    650,
    230,
  )
}

export function craftKit(p: Palette): Shape {
  const tray =
    rect(170, 380, 460, 220, 24, p.body) +
    rect(190, 400, 420, 180, 14, p.bodyLight, 'opacity="0.5"')
  const pencils = repeat(
    6,
    (i) =>
      `<g transform="rotate(${-30 + i * 12} 400 560)">${rect(388, 250, 24, 300, 6, RAINBOW[i] ?? INK)}${path('M 388 250 L 400 214 L 412 250 Z', '#e9c79a')}${path('M 396 226 L 400 214 L 404 226 Z', RAINBOW[i] ?? INK)}</g>`,
  )
  const pots = repeat(
    4,
    (i) =>
      circle(240 + i * 60, 530, 22, RAINBOW[(i + 2) % 6] ?? INK) +
      circle(240 + i * 60, 530, 22, 'none', `stroke="${WHITE}" stroke-width="5"`),
  )
  const poms =
    circle(520, 500, 24, '#f4b6c2') +
    circle(560, 530, 20, '#f1c40f') +
    circle(520, 546, 18, p.accent)
  return shape(pencils + tray + pots + poms, 200, 600, 230)
}

export function dartBlaster(p: Palette, view: number): Shape {
  const body = path(
    'M 160 330 L 560 330 Q 600 330 600 370 L 600 420 L 360 420 L 320 560 Q 310 590 280 590 L 230 590 Q 210 590 216 560 L 250 420 L 160 420 Z',
    p.body,
  )
  const barrel = rect(560, 350, 110, 40, 12, p.bodyDark) + rect(380, 300, 160, 40, 14, p.accent)
  const trigger = line('M 340 430 Q 330 480 300 470', INK, 10)
  const dart = `<g transform="translate(${view % 2 === 0 ? 0 : -40} 0)">${rect(600, 460, 120, 30, 15, '#f39c12')}${rect(700, 460, 30, 30, 12, '#3498db')}</g>`
  const grip = repeat(4, (i) => rect(245 + i * 6, 470 + i * 24, 50, 6, 3, p.bodyDark))
  return shape(body + barrel + trigger + grip + dart, 300, 590, 290)
}

export function book(p: Palette, view: number): Shape {
  if (view % 3 === 1) {
    // A small stack of books seen from the side, spines towards the viewer.
    const spine = (y: number, x: number, w: number, c: string, d: string) =>
      rect(x, y, w, 80, 10, c) +
      rect(x + 30, y + 22, w - 60, 12, 6, d) +
      rect(x + 30, y + 46, (w - 60) * 0.5, 10, 5, d)
    return shape(
      spine(540, 190, 420, p.accentDark, p.accentLight) +
        spine(460, 220, 380, p.body, p.bodyLight) +
        spine(380, 175, 400, p.accent, '#ffffff') +
        spine(300, 240, 350, p.bodyDark, p.accentLight),
      300,
      620,
      215,
    )
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
  return shape(
    pages + cover + title + emblem + rect(335, 530, 140, 12, 6, p.accentLight),
    170,
    604,
    150,
  )
}

export function backpack(p: Palette, view: number): Shape {
  const straps =
    view % 2 === 1
      ? line('M 300 230 Q 230 400 290 600', p.bodyDark, 30) +
        line('M 500 230 Q 570 400 510 600', p.bodyDark, 30)
      : ''
  const body = path(
    'M 260 260 Q 260 170 400 170 Q 540 170 540 260 L 560 600 Q 560 640 520 640 L 280 640 Q 240 640 240 600 Z',
    p.body,
  )
  const handle = line('M 370 170 Q 400 120 430 170', p.bodyDark, 14)
  const pocket = rect(290, 430, 220, 170, 40, p.bodyDark) + rect(300, 440, 200, 10, 5, p.accent)
  const zip = line('M 270 300 Q 400 250 530 300', p.bodyDark, 8) + rect(510, 290, 14, 40, 5, STEEL)
  return shape(straps + handle + body + zip + pocket, 120, 640, 160, true)
}

export function waterBottle(p: Palette, view: number): Shape {
  const body = path(
    'M 330 260 Q 330 230 360 220 L 440 220 Q 470 230 470 260 L 480 620 Q 480 650 450 650 L 350 650 Q 320 650 320 620 Z',
    p.body,
  )
  const cap =
    rect(345, 150, 110, 80, 18, p.bodyDark) + line('M 455 170 Q 510 190 455 220', p.bodyDark, 14)
  const band = rect(322, 430, 156, view % 2 === 0 ? 40 : 100, 0, p.accent, 'opacity="0.8"')
  const shine = path('M 345 280 L 365 280 L 360 600 L 340 600 Z', '#ffffff', 'opacity="0.25"')
  return shape(body + band + shine + cap, 150, 650, 110, true)
}

export function candles(p: Palette): Shape {
  const jar = (x: number, h: number, wax: string) =>
    rect(x, 620 - h, 130, h, 18, '#dfe8f0', 'opacity="0.55"') +
    rect(x + 8, 640 - h, 114, h - 28, 12, wax) +
    rect(x, 600 - h, 130, 26, 8, p.wood) +
    rect(x + 63, 570 - h, 4, 30, 2, INK) +
    ellipse(x + 65, 552 - h, 12, 26, '#ffc04d') +
    ellipse(x + 65, 558 - h, 6, 14, '#fff3c2')
  return shape(
    jar(170, 220, CREAM) + jar(335, 280, p.accentLight) + jar(500, 190, p.bodyLight),
    270,
    620,
    240,
    true,
  )
}

export function multiTool(p: Palette, view: number): Shape {
  // Folded handles with the tools fanned out: pliers on top, a blade and a screwdriver.
  const metal = '#8d96a3'
  const edge = `stroke="${INK}" stroke-width="4"`
  const open = view % 2 === 0
  const blade = path('M 560 400 L 700 300 Q 720 290 716 314 L 590 440 Z', metal, edge)
  const driver = rect(
    120,
    392,
    120,
    24,
    6,
    metal,
    `${edge} transform="rotate(${open ? 28 : 12} 240 404)"`,
  )
  const jaws =
    path('M 330 390 L 270 220 L 300 210 L 370 380 Z', metal, edge) +
    path('M 370 390 L 360 205 L 392 205 L 404 385 Z', metal, edge)
  const handles =
    rect(220, 380, 380, 90, 40, p.body, edge) +
    rect(240, 440, 340, 20, 10, p.bodyDark) +
    repeat(3, (i) => circle(300 + i * 110, 420, 12, STEEL, edge))
  return shape((open ? jaws : '') + driver + blade + handles, 200, 470, 300)
}

export function toteBags(p: Palette): Shape {
  const bag = (x: number, y: number, c: string, tilt: number) =>
    `<g transform="rotate(${tilt} ${x + 130} ${y + 150})">` +
    line(
      `M ${x + 70} ${y} Q ${x + 70} ${y - 110} ${x + 130} ${y - 110} Q ${x + 190} ${y - 110} ${x + 190} ${y}`,
      c,
      16,
    ) +
    path(`M ${x} ${y} L ${x + 260} ${y} L ${x + 245} ${y + 280} L ${x + 15} ${y + 280} Z`, c) +
    rect(x + 20, y + 20, 220, 30, 0, '#ffffff', 'opacity="0.2"') +
    '</g>'
  return shape(
    bag(160, 330, p.bodyDark, -8) + bag(380, 330, p.accent, 8) + bag(270, 350, p.body, 0),
    200,
    640,
    270,
    true,
  )
}

export function compass(p: Palette, view: number): Shape {
  const ring =
    circle(400, 180, 40, 'none', `stroke="${STEEL}" stroke-width="14"`) +
    rect(385, 210, 30, 50, 8, p.wood)
  const bodyC =
    circle(400, 420, 180, p.wood) +
    circle(400, 420, 150, CREAM) +
    circle(400, 420, 180, 'none', `stroke="${p.woodDark}" stroke-width="10"`)
  const ticks = repeat(16, (i) =>
    rect(397, 278, 6, i % 4 === 0 ? 30 : 14, 2, INK, `transform="rotate(${i * 22.5} 400 420)"`),
  )
  const needle =
    `<g transform="rotate(${view * 25 - 20} 400 420)">${path('M 400 290 L 428 420 L 372 420 Z', '#d8443a')}${path('M 400 550 L 428 420 L 372 420 Z', INK)}</g>` +
    circle(400, 420, 14, p.woodDark)
  return shape(ring + bodyC + ticks + needle, 140, 600, 185)
}
