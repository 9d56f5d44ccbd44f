import 'server-only'
// Phones, laptops, watches and their accessories.
import {
  GLASS,
  INK,
  STEEL,
  circle,
  glare,
  gradient,
  line,
  mirror,
  path,
  rect,
  repeat,
  shape,
  type Palette,
  type Shape,
} from './kit'

const appGrid = (p: Palette, x0: number, y0: number, cols: number, rows: number, view: number) => {
  const tones = [p.accent, '#ffffff', p.bodyLight, p.accentDark]
  return repeat(cols * rows, (i) =>
    rect(
      x0 + (i % cols) * 44,
      y0 + Math.floor(i / cols) * 56,
      34,
      34,
      10,
      tones[(i + view) % tones.length] ?? '#fff',
      'opacity="0.85"',
    ),
  )
}

export function smartphone(p: Palette, view: number): Shape {
  const body = rect(285, 160, 230, 480, 40, p.body) + rect(515, 270, 6, 64, 3, p.bodyDark)
  if (view % 2 === 1) {
    // Back of the phone: camera island with three lenses.
    const lens = (cx: number, cy: number) =>
      circle(cx, cy, 30, INK) + circle(cx, cy, 19, GLASS) + circle(cx - 7, cy - 7, 6, '#8fa4c8')
    const island = rect(305, 182, 150, 150, 36, p.bodyDark) + lens(345, 222) + lens(345, 292)
    const flash = lens(415, 257) + circle(420, 207, 9, '#f3e6b0')
    return shape(
      body + island + flash + glare('M 300 600 L 500 240 L 500 420 L 400 630 Z'),
      160,
      640,
      120,
    )
  }
  const screen =
    gradient('scr', p.accentLight, p.accentDark) + rect(297, 172, 206, 456, 30, 'url(#scr)')
  const dock = rect(312, 552, 176, 52, 18, '#ffffff', 'opacity="0.3"')
  const island = rect(365, 186, 70, 20, 10, INK)
  return shape(body + screen + appGrid(p, 317, 250, 4, 4, view) + dock + island, 160, 640, 120)
}

export function foldablePhone(p: Palette, view: number): Shape {
  const body = rect(200, 190, 400, 430, 36, p.body)
  const screen =
    gradient('fold', p.accentLight, p.accentDark, 1, 1) + rect(214, 204, 372, 402, 26, 'url(#fold)')
  const crease = rect(397, 204, 6, 402, 3, '#ffffff', 'opacity="0.35"')
  const hinge = rect(388, 176, 24, 458, 10, p.bodyDark)
  return shape(
    hinge +
      body +
      screen +
      appGrid(p, 236, 250, 3, 4, view) +
      appGrid(p, 428, 250, 3, 4, view + 1) +
      crease,
    176,
    634,
    200,
  )
}

export function flipPhone(p: Palette): Shape {
  const top = rect(300, 140, 200, 250, 34, p.body) + rect(322, 166, 156, 190, 14, GLASS)
  const screen =
    gradient('flip', p.accentLight, p.accent) + rect(332, 176, 136, 170, 10, 'url(#flip)')
  const hinge = rect(290, 382, 220, 34, 17, p.bodyDark)
  const bottom = path(
    'M 300 410 L 500 410 L 490 640 Q 488 660 468 660 L 332 660 Q 312 660 310 640 Z',
    p.body,
  )
  const keys = repeat(12, (i) =>
    rect(334 + (i % 3) * 46, 480 + Math.floor(i / 3) * 40, 38, 28, 10, p.bodyLight),
  )
  const pad = rect(352, 426, 96, 40, 20, p.accent)
  return shape(top + screen + hinge + bottom + pad + keys, 140, 660, 110)
}

export function phoneCase(p: Palette, view: number): Shape {
  const tint = view % 2 === 0 ? '#dfeaf3' : p.accentLight
  const shell = rect(
    285,
    160,
    230,
    480,
    44,
    tint,
    `opacity="0.6" stroke="${tint}" stroke-width="16"`,
  )
  const inner = rect(303, 178, 194, 444, 32, '#ffffff', 'opacity="0.25"')
  const cutout = rect(
    305,
    182,
    150,
    150,
    36,
    'none',
    `stroke="${p.bodyDark}" stroke-width="6" opacity="0.5"`,
  )
  const corners = [
    [287, 162],
    [477, 162],
    [287, 602],
    [477, 602],
  ]
    .map(([x, y]) => rect(x ?? 0, y ?? 0, 36, 36, 18, '#ffffff', 'opacity="0.55"'))
    .join('')
  const buttons = rect(515, 260, 14, 70, 6, tint, 'opacity="0.9"')
  return shape(shell + inner + cutout + corners + buttons, 150, 650, 130)
}

export function laptop(p: Palette, view: number): Shape {
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
  return shape(lid + screen + wave + win + base + lip + circle(400, 198, 3, '#555'), 190, 514, 260)
}

export function laptopStand(p: Palette): Shape {
  const base = rect(170, 560, 460, 26, 12, p.bodyDark)
  const plate = path('M 190 520 L 600 360 L 616 386 L 206 548 Z', p.body)
  const lip = path('M 190 520 L 206 548 L 226 540 L 214 500 Z', p.bodyDark)
  const arm = path('M 520 392 L 548 560 L 584 560 L 560 376 Z', p.body)
  const hingeDot = circle(542, 385, 14, p.bodyDark)
  const pads = rect(290, 488, 60, 12, 6, INK, 'transform="rotate(-21 320 494)"')
  return shape(base + arm + plate + lip + hingeDot + pads, 360, 586, 230, true)
}

export function laptopSleeve(p: Palette, view: number): Shape {
  const sleeve = rect(170, 250, 460, 320, 46, p.body)
  const zip = rect(200, 276, 400, 10, 5, p.bodyDark) + rect(560, 270, 26, 48, 8, p.accent)
  const pocket = rect(250, 360, 300, 170, 28, p.bodyDark, 'opacity="0.55"')
  const stitch = rect(
    186,
    266,
    428,
    288,
    36,
    'none',
    `stroke="${p.bodyLight}" stroke-width="4" stroke-dasharray="12 10"`,
  )
  const tag = view % 2 === 0 ? rect(380, 420, 40, 60, 8, p.accent) : ''
  return shape(sleeve + stitch + zip + pocket + tag, 250, 570, 230)
}

const straps = (p: Palette) =>
  rect(335, 130, 130, 190, 26, p.accentDark) +
  rect(335, 480, 130, 190, 26, p.accentDark) +
  [540, 580, 620].map((y) => circle(400, y, 6, p.accent)).join('')

export function analogWatch(p: Palette, view: number): Shape {
  const marks = repeat(12, (i) =>
    rect(
      397,
      300,
      6,
      i % 3 === 0 ? 24 : 12,
      2,
      p.accentDark,
      `transform="rotate(${i * 30} 400 400)"`,
    ),
  )
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
  return shape(straps(p) + crown + face + marks + hands, 130, 670, 140)
}

const ring = (r: number, c: string, f: number) =>
  `<circle cx="400" cy="400" r="${r}" fill="none" stroke="${c}" stroke-width="18" stroke-linecap="round" stroke-dasharray="${(2 * Math.PI * r * f).toFixed(1)} 999" transform="rotate(-90 400 400)"/>`

export function smartwatch(p: Palette, view: number): Shape {
  const casing = rect(270, 255, 260, 290, 70, p.bodyDark) + rect(290, 275, 220, 250, 56, INK)
  const rings =
    ring(82, '#ff5a6e', 0.8 - view * 0.1) +
    ring(60, '#a4f05b', 0.6 + view * 0.08) +
    ring(38, '#4cd8f0', 0.9)
  return shape(straps(p) + casing + rings + rect(530, 360, 14, 50, 6, p.body), 130, 670, 140)
}

export function fitnessBand(p: Palette, view: number): Shape {
  const band =
    rect(350, 120, 100, 560, 50, p.body) +
    repeat(4, (i) => circle(400, 560 + i * 28, 5, p.bodyDark))
  const pod = rect(335, 260, 130, 260, 60, INK) + rect(350, 280, 100, 220, 46, GLASS)
  const bars = repeat(5, (i) =>
    rect(
      366 + i * 15,
      440 - ((i * 37 + view * 20) % 90) - 20,
      9,
      ((i * 37 + view * 20) % 90) + 20,
      4,
      p.accentLight,
    ),
  )
  const beat = line('M 360 330 L 385 330 L 395 305 L 408 355 L 418 330 L 440 330', '#ff5a6e', 7)
  return shape(band + pod + bars + beat, 120, 680, 70)
}

/** Seven-segment digits drawn as bars: a digital face without needing a font. */
function digits(x0: number, y0: number, value: string, color: string): string {
  const SEGMENTS = [
    '1110111',
    '0010010',
    '1011101',
    '1011011',
    '0111010',
    '1101011',
    '1101111',
    '1010010',
    '1111111',
    '1111011',
  ]
  const bars = [
    [6, 0, 30, 7],
    [0, 6, 7, 30],
    [35, 6, 7, 30],
    [6, 35, 30, 7],
    [0, 41, 7, 30],
    [35, 41, 7, 30],
    [6, 70, 30, 7],
  ]
  return [...value]
    .map((d, k) => {
      const on = SEGMENTS[Number(d)] ?? ''
      return bars
        .map(([x, y, w, h], s) =>
          on[s] === '1'
            ? rect(x0 + k * 52 + (x ?? 0), y0 + (y ?? 0), w ?? 0, h ?? 0, 3, color)
            : '',
        )
        .join('')
    })
    .join('')
}

export function digitalWatch(p: Palette, view: number): Shape {
  const band =
    rect(340, 130, 120, 540, 34, p.bodyDark) +
    repeat(3, (i) => circle(400, 570 + i * 32, 6, p.body))
  const casing = rect(255, 270, 290, 260, 60, p.body) + rect(285, 300, 230, 200, 30, INK)
  const lcd = rect(300, 330, 200, 140, 14, '#b9c7a2')
  const time = digits(312, 360, view % 2 === 0 ? '1042' : '0738', '#2b3323')
  // The second tile is drawn mirrored (the other side); the digits must still read right.
  const shown = view === 1 ? mirror(time) : time
  const buttons =
    rect(236, 320, 22, 40, 6, p.accent) +
    rect(236, 440, 22, 40, 6, p.accent) +
    rect(542, 320, 22, 40, 6, p.accent)
  return shape(band + casing + lcd + shown + buttons, 130, 670, 165)
}

export function watchStrap(p: Palette): Shape {
  const top = rect(250, 200, 110, 300, 30, p.body) + rect(250, 180, 110, 34, 10, STEEL)
  const buckle =
    rect(260, 460, 90, 70, 16, 'none', `stroke="${STEEL}" stroke-width="12"`) +
    rect(300, 440, 10, 70, 5, STEEL)
  const tail = rect(440, 150, 110, 480, 30, p.body) + rect(440, 130, 110, 34, 10, STEEL)
  const holes = repeat(6, (i) => circle(495, 340 + i * 44, 8, p.bodyDark))
  const stitch = rect(
    454,
    170,
    82,
    440,
    22,
    'none',
    `stroke="${p.bodyLight}" stroke-width="3" stroke-dasharray="10 8"`,
  )
  return shape(top + buckle + tail + stitch + holes, 130, 630, 170)
}

export function powerBank(p: Palette, view: number): Shape {
  const body =
    rect(250, 190, 300, 430, 46, p.body) +
    rect(268, 208, 264, 394, 36, p.bodyLight, 'opacity="0.25"')
  const ports = rect(300, 176, 60, 22, 6, INK) + rect(400, 176, 90, 22, 6, INK)
  const leds = repeat(4, (i) =>
    circle(340 + i * 40, 540, 11, i < 3 - (view % 2) ? p.accentLight : p.bodyDark),
  )
  const bolt = path('M 410 280 L 350 400 L 395 400 L 380 480 L 450 350 L 405 350 Z', p.accent)
  const cable = line('M 330 176 C 330 100 180 120 170 260 C 160 400 200 520 170 640', INK, 12)
  return shape(cable + body + ports + bolt + leds, 110, 640, 230)
}
