import 'server-only'
// Furniture.
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
export function sofa(p: Palette, view: number): Shape {
  const legs = [195, 585]
    .map((x) => path(`M ${x} 560 L ${x + 24} 560 L ${x + 18} 612 L ${x + 6} 612 Z`, p.wood))
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
  return shape(legs + back + backs + seat + arms + pillow, 290, 612, 270, true)
}

export function armchair(p: Palette): Shape {
  const legs = [290, 490]
    .map((x) => path(`M ${x} 520 L ${x + 22} 520 L ${x + 10} 630 L ${x + 2} 630 Z`, p.wood))
    .join('')
  const back =
    rect(285, 200, 230, 270, 80, p.body) +
    rect(315, 232, 170, 200, 56, p.bodyLight, 'opacity="0.45"')
  const seat = rect(265, 440, 270, 95, 34, p.bodyDark)
  const arms = rect(240, 360, 70, 170, 34, p.body) + rect(490, 360, 70, 170, 34, p.body)
  return shape(legs + back + seat + arms, 200, 630, 170, true)
}

export function diningTable(p: Palette): Shape {
  const back = rect(210, 360, 26, 220, 6, p.woodDark) + rect(564, 360, 26, 220, 6, p.woodDark)
  const top =
    path('M 190 330 L 610 330 L 680 380 L 120 380 Z', p.wood) +
    rect(120, 380, 560, 30, 6, p.woodDark)
  const front = rect(150, 410, 32, 240, 6, p.wood) + rect(618, 410, 32, 240, 6, p.wood)
  const bowl =
    path('M 360 330 Q 400 380 440 330 Z', p.accent) +
    circle(385, 322, 14, p.accentLight) +
    circle(412, 318, 14, p.accentDark)
  return shape(back + top + front + bowl, 304, 650, 280, true)
}

export function diningChair(p: Palette): Shape {
  const back =
    rect(300, 160, 24, 460, 8, p.wood) +
    rect(476, 160, 24, 460, 8, p.wood) +
    rect(300, 160, 200, 40, 12, p.wood) +
    repeat(3, (i) => rect(340 + i * 50, 200, 20, 200, 6, p.woodDark))
  const seat =
    path('M 290 420 L 510 420 L 550 470 L 250 470 Z', p.body) +
    rect(250, 470, 300, 26, 8, p.bodyDark)
  const legs = rect(260, 496, 22, 150, 6, p.wood) + rect(518, 496, 22, 150, 6, p.wood)
  return shape(back + seat + legs, 160, 646, 160, true)
}

export function barStool(p: Palette): Shape {
  const seat =
    ellipse(400, 230, 130, 34, p.body) +
    rect(270, 230, 260, 30, 0, p.body) +
    ellipse(400, 260, 130, 34, p.bodyDark)
  const legs =
    line('M 300 270 L 260 660', p.wood, 20) +
    line('M 500 270 L 540 660', p.wood, 20) +
    line('M 370 280 L 360 650', p.woodDark, 18) +
    line('M 430 280 L 440 650', p.woodDark, 18)
  const rest = rect(270, 500, 260, 16, 8, p.woodDark)
  return shape(legs + rest + seat, 196, 660, 150, true)
}

export function officeChair(p: Palette, view: number): Shape {
  const back =
    rect(290, 130, 220, 270, 70, p.bodyDark) +
    repeat(6, (i) => rect(310, 160 + i * 36, 180, 18, 9, p.body, 'opacity="0.7"'))
  const seat = rect(260, 410, 280, 80, 36, p.body)
  const arms =
    rect(230, 360, 30, 110, 12, INK) +
    rect(540, 360, 30, 110, 12, INK) +
    rect(215, 350, 60, 18, 9, INK) +
    rect(525, 350, 60, 18, 9, INK)
  const lift = rect(388, 490, 24, 90, 8, STEEL)
  const star = line(
    'M 400 590 L 220 640 M 400 590 L 580 640 M 400 590 L 300 660 M 400 590 L 500 660',
    INK,
    18,
  )
  const wheels = [220, 580, 300, 500].map((x, i) => circle(x, i < 2 ? 650 : 670, 16, INK)).join('')
  const lumbar = view % 2 === 0 ? rect(330, 320, 140, 40, 18, p.accent) : ''
  return shape(back + lumbar + seat + arms + lift + star + wheels, 130, 686, 190, true)
}

export function standingDesk(p: Palette): Shape {
  const top = rect(130, 300, 540, 36, 10, p.wood)
  const legs =
    rect(200, 336, 40, 280, 6, p.bodyDark) +
    rect(560, 336, 40, 280, 6, p.bodyDark) +
    rect(204, 400, 32, 200, 4, p.body) +
    rect(564, 400, 32, 200, 4, p.body)
  const feet = rect(150, 610, 140, 22, 10, p.bodyDark) + rect(510, 610, 140, 22, 10, p.bodyDark)
  const monitor =
    rect(300, 160, 200, 120, 10, INK) +
    rect(310, 170, 180, 100, 4, p.accentLight) +
    rect(390, 280, 20, 20, 2, INK)
  const panel =
    rect(600, 334, 60, 20, 6, INK) + circle(615, 344, 4, p.accent) + circle(640, 344, 4, p.accent)
  return shape(monitor + top + panel + legs + feet, 160, 632, 270, true)
}

export function bookcase(p: Palette): Shape {
  const frame = rect(240, 130, 320, 520, 10, p.woodDark) + rect(258, 148, 284, 484, 4, p.wood)
  const shelves = repeat(5, (i) => rect(258, 230 + i * 96, 284, 16, 2, p.woodDark))
  const tones = [p.accent, p.body, p.accentDark, p.bodyLight, CREAM, p.accentLight]
  const books = repeat(4, (s) =>
    repeat(6 - (s % 2), (b) =>
      rect(
        270 + b * 36 + (s % 2) * 20,
        230 + s * 96 - 70 + (b % 3) * 6,
        28,
        70 - (b % 3) * 6,
        3,
        tones[(b + s) % tones.length] ?? INK,
      ),
    ),
  )
  return shape(frame + shelves + books, 130, 650, 160, true)
}

export function nightstand(p: Palette): Shape {
  const top = rect(250, 300, 300, 30, 8, p.woodDark)
  const body = rect(265, 330, 270, 270, 6, p.wood)
  const drawers = repeat(
    3,
    (i) =>
      rect(280, 345 + i * 85, 240, 72, 6, p.body, 'opacity="0.25"') +
      rect(370, 376 + i * 85, 60, 10, 5, STEEL),
  )
  const legs = rect(275, 600, 20, 40, 4, p.woodDark) + rect(505, 600, 20, 40, 4, p.woodDark)
  const lamp = path('M 350 300 L 370 230 L 430 230 L 450 300 Z', p.accentLight)
  return shape(lamp + top + body + drawers + legs, 230, 640, 150, true)
}

export function bed(p: Palette, view: number): Shape {
  const head = rect(120, 250, 100, 360, 24, p.wood)
  const frame = rect(200, 500, 500, 60, 10, p.woodDark) + rect(660, 430, 50, 130, 16, p.wood)
  const mattress = rect(210, 430, 460, 80, 30, WHITE)
  const duvet =
    path('M 360 410 L 670 410 Q 690 410 690 440 L 690 500 L 330 500 Q 300 460 360 410 Z', p.body) +
    (view % 2 === 0 ? rect(360, 440, 320, 16, 8, p.bodyLight) : '')
  const pillows = ellipse(260, 400, 60, 34, CREAM) + ellipse(320, 410, 60, 30, p.accentLight)
  const legs = rect(220, 560, 24, 50, 6, p.woodDark) + rect(660, 560, 24, 50, 6, p.woodDark)
  return shape(head + legs + frame + mattress + duvet + pillows, 250, 610, 295, true)
}

export function mattress(p: Palette): Shape {
  const top = path('M 250 330 L 650 330 L 560 430 L 150 430 Z', WHITE)
  const front =
    rect(150, 430, 410, 130, 14, '#e8eaee') +
    path('M 560 430 L 650 330 L 650 450 L 560 560 Z', '#d3d7de')
  const band =
    rect(150, 520, 410, 24, 0, p.body) +
    path('M 560 520 L 650 420 L 650 440 L 560 544 Z', p.bodyDark)
  const quilt = repeat(8, (i) =>
    circle(220 + (i % 4) * 100 - Math.floor(i / 4) * 0, 370 + Math.floor(i / 4) * 36, 5, STEEL),
  )
  const foam = rect(150, 440, 410, 30, 0, p.accentLight, 'opacity="0.6"')
  return shape(top + front + foam + band + quilt, 330, 560, 250, true)
}

export function coffeeTable(p: Palette): Shape {
  const legs =
    line('M 300 460 L 270 620', p.woodDark, 22) +
    line('M 500 460 L 530 620', p.woodDark, 22) +
    line('M 400 470 L 400 640', p.woodDark, 22)
  const top = ellipse(400, 450, 260, 70, p.woodDark) + ellipse(400, 432, 260, 70, p.wood)
  const items =
    rect(300, 400, 120, 24, 4, p.accent) +
    rect(310, 384, 100, 18, 4, p.body) +
    path('M 470 420 L 520 420 L 512 380 L 478 380 Z', GLASS, 'opacity="0.6"')
  return shape(legs + top + items, 362, 640, 265, true)
}

export function sideTable(p: Palette): Shape {
  const top =
    path('M 260 320 L 540 320 L 580 360 L 220 360 Z', p.wood) +
    rect(220, 360, 360, 20, 4, p.woodDark)
  const x =
    line('M 260 380 L 530 640', p.body, 18) +
    line('M 540 380 L 270 640', p.body, 18) +
    circle(400, 510, 12, p.bodyDark)
  const cup =
    rect(360, 280, 50, 44, 10, p.accent) + line('M 410 292 Q 430 302 410 314', p.accent, 6)
  return shape(cup + top + x, 280, 650, 190, true)
}
