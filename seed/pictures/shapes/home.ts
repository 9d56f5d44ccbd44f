import 'server-only'
// Households: kitchen, lighting, cleaning, linen.
import {
  CREAM,
  INK,
  STEEL,
  WHITE,
  circle,
  ellipse,
  glare,
  line,
  path,
  rect,
  repeat,
  shape,
  type Palette,
  type Shape,
} from './kit'

export function kettle(p: Palette): Shape {
  const body = path(
    'M 300 290 L 500 290 L 540 590 Q 542 606 524 606 L 276 606 Q 258 606 260 590 Z',
    p.body,
  )
  const handle = line('M 495 330 C 610 330 620 420 560 560', p.bodyDark, 30)
  const spout = path('M 296 450 L 214 316 Q 208 300 226 302 L 306 330 Z', p.bodyDark)
  const lid = ellipse(400, 290, 104, 18, p.bodyDark) + rect(380, 252, 40, 30, 12, p.accentDark)
  const window = rect(452, 380, 22, 150, 11, p.accentLight, 'opacity="0.8"')
  const base = rect(252, 600, 296, 30, 12, INK)
  return shape(
    handle +
      spout +
      body +
      lid +
      window +
      base +
      glare('M 320 310 L 350 310 L 320 580 L 292 580 Z'),
    252,
    630,
    190,
    true,
  )
}

export function toaster(p: Palette): Shape {
  const body =
    rect(200, 330, 400, 270, 80, p.body) + rect(200, 540, 400, 60, 30, p.bodyDark, 'opacity="0.5"')
  const slots = rect(250, 316, 130, 26, 12, INK) + rect(420, 316, 130, 26, 12, INK)
  const toast = path(
    'M 262 330 L 262 260 Q 262 236 290 236 L 340 236 Q 368 236 368 260 L 368 330 Z',
    '#d9a35c',
  )
  const lever = rect(596, 400, 40, 24, 8, p.accentDark) + circle(560, 500, 16, p.accent)
  return shape(
    toast + slots + body + lever + glare('M 230 360 L 270 360 L 250 560 L 220 560 Z'),
    236,
    600,
    220,
    true,
  )
}

export function floorLamp(p: Palette): Shape {
  const base = ellipse(280, 650, 90, 22, p.accentDark) + rect(270, 560, 20, 90, 6, p.accentDark)
  const arc = line('M 280 600 L 280 400 C 280 160 520 110 560 300', p.accentDark, 14)
  const glow =
    `<defs><radialGradient id="glow"><stop offset="0" stop-color="#fff5c8" stop-opacity="0.9"/><stop offset="1" stop-color="#fff5c8" stop-opacity="0"/></radialGradient></defs>` +
    ellipse(560, 400, 130, 90, 'url(#glow)')
  const shade =
    path('M 480 360 Q 480 270 560 270 Q 640 270 640 360 Z', p.body) +
    ellipse(560, 360, 80, 12, '#fff3c2')
  return shape(glow + base + arc + shade, 110, 672, 200, true)
}

export function tableLamp(p: Palette): Shape {
  const glow =
    `<defs><radialGradient id="glow"><stop offset="0" stop-color="#fff5c8" stop-opacity="0.9"/><stop offset="1" stop-color="#fff5c8" stop-opacity="0"/></radialGradient></defs>` +
    ellipse(400, 400, 190, 120, 'url(#glow)')
  const shade =
    path('M 310 180 L 490 180 L 565 370 L 235 370 Z', p.body) +
    path('M 310 180 L 490 180 L 495 195 L 305 195 Z', p.bodyDark)
  const vase =
    path('M 370 370 L 430 370 Q 520 450 470 600 L 330 600 Q 280 450 370 370 Z', p.accent) +
    ellipse(400, 600, 80, 16, p.accentDark)
  return shape(glow + vase + shade, 180, 616, 170, true)
}

export function deskLamp(p: Palette): Shape {
  const base = rect(250, 600, 220, 40, 18, p.bodyDark) + rect(290, 590, 140, 16, 8, p.accent)
  const arms =
    line('M 330 600 L 420 380', p.body, 20) +
    line('M 420 380 L 300 230', p.body, 20) +
    circle(420, 380, 20, p.bodyDark)
  const head =
    path('M 260 200 L 330 180 L 430 300 L 360 330 Z', p.body) +
    rect(348, 300, 90, 14, 6, '#fff3c2', 'transform="rotate(-23 390 307)"')
  const port = rect(400, 606, 40, 14, 4, INK)
  return shape(arms + head + base + port, 180, 640, 190, true)
}

export function coffeeMaker(p: Palette): Shape {
  const tower =
    rect(470, 180, 130, 440, 26, p.body) +
    rect(250, 180, 350, 110, 26, p.body) +
    rect(480, 330, 110, 200, 20, p.bodyDark, 'opacity="0.5"')
  const hood = rect(250, 270, 260, 30, 10, p.bodyDark)
  const carafe =
    path(
      'M 280 350 L 460 350 L 480 560 Q 480 580 460 580 L 280 580 Q 260 580 260 560 Z',
      '#d6e4ee',
      'opacity="0.8"',
    ) +
    path('M 266 460 L 474 460 L 480 560 Q 480 580 460 580 L 280 580 Q 260 580 260 560 Z', '#4a2c1a')
  const handle = line('M 460 380 C 520 380 520 520 470 530', INK, 16)
  const plate = rect(230, 580, 380, 40, 12, INK) + circle(535, 470, 14, p.accent)
  return shape(tower + hood + carafe + handle + plate, 180, 620, 200, true)
}

export function espressoMachine(p: Palette, view: number): Shape {
  const body = rect(190, 200, 420, 400, 30, p.body) + rect(190, 200, 420, 60, 24, p.bodyDark)
  const gauge =
    circle(300, 320, 40, WHITE) +
    circle(300, 320, 40, 'none', `stroke="${STEEL}" stroke-width="8"`) +
    rect(298, 290, 4, 30, 2, '#d8443a', `transform="rotate(${30 + view * 20} 300 320)"`)
  const group =
    rect(350, 360, 120, 40, 12, STEEL) +
    rect(360, 396, 100, 30, 8, INK) +
    line('M 460 410 L 580 430', INK, 18)
  const cup =
    path('M 370 500 L 450 500 L 440 560 L 380 560 Z', WHITE) +
    line('M 450 515 Q 475 525 446 545', WHITE, 8)
  const wand = line('M 560 330 L 580 500', STEEL, 10)
  const tray =
    rect(230, 560, 340, 40, 10, INK) +
    repeat(8, (i) => rect(250 + i * 40, 572, 24, 8, 3, '#3a404b'))
  return shape(body + gauge + group + wand + tray + cup, 200, 600, 210, true)
}

export function stickVacuum(p: Palette): Shape {
  const tube = line('M 470 220 L 330 600', STEEL, 22)
  const handle = line('M 430 140 L 520 140 L 500 250', p.bodyDark, 26)
  const motor =
    rect(430, 210, 110, 150, 40, p.body, 'transform="rotate(20 485 285)"') +
    rect(440, 260, 60, 110, 24, p.accent, 'opacity="0.75" transform="rotate(20 470 315)"')
  const head =
    path(
      'M 230 600 L 440 600 Q 460 600 460 620 L 460 640 L 210 640 L 210 620 Q 210 600 230 600 Z',
      p.bodyDark,
    ) + rect(220, 632, 230, 10, 5, p.accent)
  return shape(tube + head + motor + handle, 130, 642, 170, true)
}

export function robotVacuum(p: Palette, view: number): Shape {
  const side = ellipse(400, 460, 250, 90, p.bodyDark) + rect(150, 400, 500, 60, 0, p.bodyDark)
  const top = ellipse(400, 400, 250, 90, p.body)
  const turret = ellipse(400, 372, 60, 24, p.bodyDark) + ellipse(400, 364, 60, 22, INK)
  const button = ellipse(330, 420, 22, 9, p.accent) + ellipse(470, 420, 22, 9, p.accentLight)
  const bumper = path(
    'M 150 410 Q 400 540 650 410 L 650 430 Q 400 560 150 430 Z',
    INK,
    'opacity="0.5"',
  )
  const brush =
    view % 2 === 0
      ? line('M 210 520 L 160 560 M 210 520 L 230 575 M 210 520 L 260 540', STEEL, 5)
      : ''
  return shape(side + bumper + top + turret + button + brush, 310, 560, 260)
}

export function cookware(p: Palette): Shape {
  const pot =
    rect(180, 330, 300, 230, 30, p.body) +
    ellipse(330, 330, 150, 34, p.bodyDark) +
    ellipse(330, 318, 150, 30, p.body) +
    rect(305, 280, 50, 26, 12, INK)
  const handles = rect(140, 360, 50, 26, 12, INK) + rect(470, 360, 50, 26, 12, INK)
  const pan =
    ellipse(500, 560, 150, 44, INK) +
    ellipse(500, 552, 132, 36, '#3a404b') +
    line('M 640 560 L 760 600', INK, 26)
  return shape(
    pot + handles + pan + glare('M 210 350 L 240 350 L 240 540 L 210 540 Z'),
    280,
    604,
    310,
    true,
  )
}

export function airPurifier(p: Palette, view: number): Shape {
  const body =
    rect(270, 180, 260, 450, 60, p.body) + rect(270, 560, 260, 70, 30, p.bodyDark, 'opacity="0.4"')
  const top =
    ellipse(400, 200, 118, 24, p.bodyDark) +
    repeat(5, (i) =>
      ellipse(
        400,
        200,
        100 - i * 20,
        20 - i * 4,
        'none',
        `stroke="${INK}" stroke-width="3" opacity="0.5"`,
      ),
    )
  const grille = repeat(40, (i) =>
    circle(305 + (i % 8) * 27, 300 + Math.floor(i / 8) * 50, 7, p.bodyDark),
  )
  const ringLight = circle(400, 250, 20, view % 2 === 0 ? '#6fe39a' : p.accentLight)
  return shape(body + top + grille + ringLight, 176, 630, 140, true)
}

export function towels(p: Palette): Shape {
  const towel = (y: number, w: number, c: string, band: string) =>
    rect(400 - w / 2, y, w, 90, 24, c) +
    rect(400 - w / 2, y + 58, w, 14, 0, band, 'opacity="0.8"') +
    rect(400 - w / 2, y, 40, 90, 20, c, 'opacity="0.8"')
  return shape(
    towel(530, 440, p.body, p.bodyLight) +
      towel(440, 420, p.accent, p.accentLight) +
      towel(350, 400, CREAM, p.accentDark) +
      towel(260, 380, p.bodyLight, p.body),
    260,
    620,
    220,
    true,
  )
}

export function cuttingBoard(p: Palette): Shape {
  const board = rect(200, 240, 400, 340, 40, p.wood) + circle(400, 280, 20, 'none')
  const hole = rect(360, 262, 80, 26, 13, p.woodDark)
  const strips = repeat(7, (i) => rect(214 + i * 56, 300, 4, 260, 2, p.woodDark, 'opacity="0.35"'))
  const groove = rect(
    226,
    310,
    348,
    246,
    26,
    'none',
    `stroke="${p.woodDark}" stroke-width="6" opacity="0.5"`,
  )
  const herb =
    ellipse(480, 470, 40, 18, '#6b9a4c', 'transform="rotate(-30 480 470)"') +
    ellipse(520, 440, 36, 16, '#7fb35a', 'transform="rotate(20 520 440)"')
  return shape(board + hole + strips + groove + herb, 240, 580, 210)
}
