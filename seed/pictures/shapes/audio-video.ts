import 'server-only'
// Sound and camera gear.
import {
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

export function headphones(p: Palette, view: number): Shape {
  const band = line('M 250 440 C 250 170 550 170 550 440', p.body, 38)
  const pad = line('M 272 380 C 285 215 515 215 528 380', p.bodyDark, 12)
  const cup = (x: number) =>
    rect(x, 390, 110, 190, 48, p.body) +
    rect(x + 22, 420, 66, 130, 32, p.accent, view === 2 ? '' : 'opacity="0.9"')
  const cushion = rect(300, 405, 44, 160, 18, p.bodyDark) + rect(456, 405, 44, 160, 18, p.bodyDark)
  return shape(band + pad + cushion + cup(210) + cup(480), 235, 580, 220)
}

export function earbuds(p: Palette): Shape {
  // Two stem buds lying beside their open charging case, stems down like in the ear.
  const bud = (x: number, tilt: number) =>
    `<g transform="rotate(${tilt} ${x} 330)">` +
    rect(x - 20, 330, 40, 180, 20, p.body) +
    ellipse(x, 320, 62, 54, p.body) +
    ellipse(x + (tilt > 0 ? 26 : -26), 314, 30, 26, p.bodyDark) +
    circle(x + (tilt > 0 ? 26 : -26), 314, 14, GLASS) +
    rect(x - 10, 486, 20, 18, 6, STEEL) +
    '</g>'
  const lid = path('M 300 430 Q 300 350 370 350 L 430 350 Q 500 350 500 430 Z', p.bodyLight)
  const caseBody = rect(290, 430, 220, 190, 70, p.body) + rect(290, 430, 220, 14, 6, p.bodyDark)
  const led = circle(400, 580, 8, p.accent)
  return shape(lid + caseBody + led + bud(190, 12) + bud(610, -12), 260, 620, 260)
}

export function portableSpeaker(p: Palette, view: number): Shape {
  const dots = repeat(40, (i) =>
    circle(215 + (i % 10) * 41, 330 + Math.floor(i / 10) * 45, 8, p.bodyDark),
  )
  const pill = rect(160, 280, 480, 240, 120, p.body) + dots
  const caps = rect(150, 300, 50, 200, 25, p.accentDark) + rect(600, 300, 50, 200, 25, p.accentDark)
  const strap = view % 2 === 0 ? rect(380, 262, 40, 40, 12, p.accent) : ''
  return shape(strap + pill + caps + circle(400, 500, 9, p.accentLight), 262, 520, 250)
}

const driver = (cx: number, cy: number, r: number, p: Palette) =>
  circle(cx, cy, r, INK) + circle(cx, cy, r * 0.72, GLASS) + circle(cx, cy, r * 0.25, p.accent)

export function towerSpeakers(p: Palette): Shape {
  const one = (x: number) =>
    rect(x, 150, 190, 490, 24, p.bodyDark) +
    rect(x + 12, 162, 166, 466, 18, p.body) +
    driver(x + 95, 235, 34, p) +
    driver(x + 95, 370, 66, p) +
    driver(x + 95, 530, 66, p)
  return shape(one(170) + one(440), 150, 640, 270, true)
}

export function bookshelfSpeakers(p: Palette): Shape {
  const one = (x: number) =>
    rect(x, 290, 200, 310, 18, p.bodyDark) +
    rect(x + 10, 300, 180, 290, 12, p.body) +
    driver(x + 100, 360, 30, p) +
    driver(x + 100, 490, 72, p)
  return shape(one(170) + one(430), 290, 600, 260, true)
}

export function soundbar(p: Palette): Shape {
  const bar =
    rect(100, 300, 600, 90, 45, p.body) +
    repeat(60, (i) => circle(140 + (i % 30) * 18, 330 + Math.floor(i / 30) * 30, 4, p.bodyDark))
  const sub = rect(470, 430, 200, 230, 24, p.bodyDark) + driver(570, 545, 75, p)
  const led = rect(380, 376, 40, 6, 3, p.accentLight)
  return shape(bar + led + sub, 300, 660, 300)
}

export function turntable(p: Palette, view: number): Shape {
  const plinth =
    path('M 150 420 L 650 420 L 690 560 L 110 560 Z', p.body) +
    rect(110, 560, 580, 40, 12, p.bodyDark)
  const platter = ellipse(360, 480, 190, 52, STEEL) + ellipse(360, 474, 180, 48, INK)
  const grooves = repeat(4, (i) =>
    ellipse(360, 474, 160 - i * 30, 43 - i * 8, 'none', 'stroke="#3a404b" stroke-width="3"'),
  )
  const label = ellipse(360, 474, 45, 13, view % 2 === 0 ? p.accent : p.accentLight)
  const arm =
    line('M 600 440 L 590 520 L 520 520', STEEL, 10) +
    circle(600, 440, 20, p.bodyDark) +
    rect(504, 508, 30, 20, 4, INK)
  const feet = rect(140, 596, 50, 16, 6, INK) + rect(610, 596, 50, 16, 6, INK)
  return shape(plinth + platter + grooves + label + arm + feet, 420, 612, 290, true)
}

export function microphone(p: Palette): Shape {
  const head =
    rect(320, 140, 160, 300, 80, p.body) +
    repeat(28, (i) => circle(350 + (i % 4) * 33, 200 + Math.floor(i / 4) * 33, 8, p.bodyDark))
  const band = rect(320, 330, 160, 20, 0, p.accent)
  const yoke = line('M 290 300 L 290 420 Q 290 470 400 470 Q 510 470 510 420 L 510 300', STEEL, 16)
  const stand = rect(390, 470, 20, 130, 8, STEEL) + ellipse(400, 610, 130, 28, p.bodyDark)
  return shape(head + band + yoke + stand, 140, 638, 150, true)
}

function cameraBody(p: Palette, view: number, dslr: boolean): Shape {
  const hump = dslr
    ? path('M 300 260 L 340 180 L 480 180 L 520 260 Z', p.bodyDark)
    : path('M 320 260 L 350 210 L 450 210 L 480 260 Z', p.bodyDark)
  const body = rect(160, 255, 480, 320, 40, p.body)
  const band = rect(160, 330, 480, 190, 0, p.bodyDark, 'opacity="0.85"')
  const grip = rect(160, 300, dslr ? 110 : 80, 270, 36, p.bodyDark)
  const shutter = rect(205, 232, 70, 28, 10, p.accent) + rect(520, 238, 70, 20, 6, INK)
  const glass = `<defs><radialGradient id="lens" cx="0.4" cy="0.35"><stop offset="0" stop-color="${p.accentLight}"/><stop offset="0.6" stop-color="#1e2a52"/><stop offset="1" stop-color="#0a0d16"/></radialGradient></defs>`
  const r = view === 3 ? 150 : dslr ? 145 : 130
  const lens =
    glass +
    circle(410, 430, r, INK) +
    circle(410, 430, r - 18, '#3a404b') +
    circle(410, 430, r - 40, 'url(#lens)') +
    circle(410, 430, r - 85, '#0c1020', 'opacity="0.8"') +
    ellipse(380, 395, 26, 16, '#ffffff', 'opacity="0.55" transform="rotate(-30 380 395)"')
  const flash = dslr ? '' : rect(540, 280, 70, 40, 8, '#e9eef5')
  return shape(
    hump + body + band + grip + shutter + flash + circle(590, 540, 10, '#ff4d4d') + lens,
    dslr ? 180 : 210,
    580,
    240,
  )
}

export const mirrorlessCamera = (p: Palette, view: number) => cameraBody(p, view, false)
export const dslrCamera = (p: Palette, view: number) => cameraBody(p, view, true)

export function cameraLens(p: Palette): Shape {
  // Side view: mount on the left, front element on the right.
  const barrel = rect(200, 300, 380, 200, 20, p.body) + rect(170, 320, 40, 160, 8, STEEL)
  const rings =
    rect(300, 296, 70, 208, 10, INK) +
    repeat(9, (i) => rect(306 + i * 7, 300, 3, 200, 1, '#3a404b')) +
    rect(430, 296, 90, 208, 10, p.bodyDark)
  const front =
    rect(570, 280, 60, 240, 16, p.bodyDark) +
    ellipse(630, 400, 22, 110, GLASS) +
    ellipse(630, 380, 10, 40, p.accentLight, 'opacity="0.6"')
  const stripe = rect(530, 300, 10, 200, 0, p.accent)
  return shape(barrel + rings + stripe + front, 280, 520, 230)
}

export function actionCamera(p: Palette, view: number): Shape {
  const body = rect(230, 260, 340, 280, 40, p.body)
  const lens =
    rect(250, 280, 170, 170, 30, INK) +
    circle(335, 365, 62, GLASS) +
    circle(335, 365, 30, '#0c1020') +
    circle(318, 348, 12, p.accentLight, 'opacity="0.7"')
  const screen = rect(440, 290, 110, 100, 14, view % 2 === 0 ? p.accentLight : GLASS)
  const shutter = rect(460, 236, 80, 28, 10, p.accent)
  const mount = rect(350, 540, 100, 50, 10, p.bodyDark) + rect(370, 585, 60, 40, 8, INK)
  return shape(
    shutter + body + lens + screen + mount + circle(520, 500, 8, '#ff4d4d'),
    236,
    625,
    170,
  )
}

export function instantCamera(p: Palette): Shape {
  const photo = rect(300, 150, 200, 150, 6, WHITE) + rect(316, 164, 168, 100, 2, p.accentDark)
  const body =
    rect(200, 250, 400, 360, 70, p.body) +
    rect(200, 470, 400, 140, 60, p.bodyLight, 'opacity="0.5"')
  const lens =
    circle(400, 430, 110, p.bodyDark) +
    circle(400, 430, 80, INK) +
    circle(400, 430, 48, GLASS) +
    circle(384, 414, 14, p.accentLight, 'opacity="0.7"')
  const flash = rect(250, 290, 90, 60, 10, '#e9eef5') + rect(470, 290, 70, 50, 10, INK)
  const button = circle(520, 560, 18, p.accent)
  return shape(photo + body + flash + lens + button, 150, 610, 200)
}

export function compactCamera(p: Palette, view: number): Shape {
  const body = rect(180, 280, 440, 260, 36, p.body)
  const barrel =
    circle(430, 410, 120, p.bodyDark) +
    circle(430, 410, 100, STEEL) +
    circle(430, 410, 78, INK) +
    circle(430, 410, 46, GLASS) +
    circle(412, 392, 12, p.accentLight, 'opacity="0.7"')
  const flash = rect(210, 300, 80, 40, 8, '#e9eef5')
  const grip = rect(195, 360, 60, 160, 26, p.bodyDark)
  const top = rect(480, 258, 70, 24, 8, p.accent) + rect(380, 262, 60, 18, 6, INK)
  const zoom =
    view === 3 ? circle(430, 410, 130, 'none', `stroke="${p.bodyDark}" stroke-width="10"`) : ''
  return shape(top + body + grip + flash + barrel + zoom, 258, 540, 220)
}

export function drone(p: Palette, view: number): Shape {
  const rotor = (cx: number, cy: number) =>
    ellipse(cx, cy, 95, 20, p.accentLight, 'opacity="0.55"') +
    rect(cx - 10, cy, 20, 30, 6, INK) +
    circle(cx, cy, 12, p.accent)
  const arm = (x1: number, y1: number, x2: number, y2: number) =>
    line(`M ${x1} ${y1} L ${x2} ${y2}`, p.bodyDark, 26)
  const arms =
    arm(400, 400, 200, 310) +
    arm(400, 400, 600, 310) +
    arm(400, 420, 230, 490) +
    arm(400, 420, 570, 490)
  const body =
    rect(310, 340, 180, 120, 50, p.body) + rect(350, 350, 100, 30, 14, p.bodyLight, 'opacity="0.6"')
  const gimbal =
    rect(370, 455, 60, 40, 12, INK) + circle(400, 500, 30, INK) + circle(400, 500, 16, GLASS)
  const legs = line('M 340 460 L 320 540', INK, 10) + line('M 460 460 L 480 540', INK, 10)
  const lights =
    circle(330, 445, 8, view % 2 === 0 ? '#ff4d4d' : '#4dff88') + circle(470, 445, 8, '#4dff88')
  return shape(
    legs +
      arms +
      rotor(200, 290) +
      rotor(600, 290) +
      rotor(230, 470) +
      rotor(570, 470) +
      body +
      gimbal +
      lights,
    270,
    540,
    300,
  )
}

export function securityCamera(p: Palette): Shape {
  const wall = rect(150, 200, 40, 160, 12, p.bodyDark)
  const arm = line('M 190 280 L 280 300', p.bodyDark, 30)
  const bodyShape = `<g transform="rotate(12 420 330)">${rect(260, 250, 360, 150, 60, WHITE)}${rect(260, 240, 320, 40, 20, p.body)}${circle(600, 325, 60, INK)}${circle(600, 325, 36, GLASS)}${circle(588, 313, 10, p.accentLight, 'opacity="0.7"')}${repeat(4, (i) => circle(555 + (i % 2) * 90, 285 + Math.floor(i / 2) * 80, 7, '#ff6b6b', 'opacity="0.7"'))}</g>`
  return shape(wall + arm + bodyShape, 200, 460, 240)
}

export function tripod(p: Palette): Shape {
  const legs =
    line('M 400 330 L 230 660', p.body, 22) +
    line('M 400 330 L 570 660', p.body, 22) +
    line('M 400 330 L 410 670', p.bodyDark, 22)
  const locks = circle(315, 495, 16, INK) + circle(485, 495, 16, INK) + circle(405, 500, 16, INK)
  const column = rect(388, 230, 24, 120, 8, STEEL) + rect(360, 320, 80, 40, 12, INK)
  const head =
    rect(340, 180, 120, 60, 14, INK) +
    rect(330, 170, 140, 16, 6, p.accent) +
    line('M 460 220 L 580 270', INK, 14)
  return shape(legs + locks + column + head, 170, 670, 190, true)
}
