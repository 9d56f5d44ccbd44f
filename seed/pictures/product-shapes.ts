import 'server-only'
// Which drawing each kind of product gets. A product names its kind in the catalog data, so a boot
// is drawn as a boot wherever it is filed; there is no per-category fallback.
import * as av from './shapes/audio-video'
import * as dev from './shapes/devices'
import * as furniture from './shapes/furniture'
import * as home from './shapes/home'
import type { Drawing, Palette, Shape } from './shapes/kit'
import * as play from './shapes/play'
import * as wear from './shapes/wear'

export type { Palette, Shape } from './shapes/kit'

/** Every kind of product in the demo catalog, each with a drawing of its own. */
export const DRAWINGS = {
  smartphone: dev.smartphone,
  'foldable-phone': dev.foldablePhone,
  'flip-phone': dev.flipPhone,
  'phone-case': dev.phoneCase,
  laptop: dev.laptop,
  'laptop-stand': dev.laptopStand,
  'laptop-sleeve': dev.laptopSleeve,
  watch: dev.analogWatch,
  smartwatch: dev.smartwatch,
  'fitness-band': dev.fitnessBand,
  'digital-watch': dev.digitalWatch,
  'watch-strap': dev.watchStrap,
  'power-bank': dev.powerBank,
  headphones: av.headphones,
  earbuds: av.earbuds,
  'portable-speaker': av.portableSpeaker,
  'tower-speakers': av.towerSpeakers,
  'bookshelf-speakers': av.bookshelfSpeakers,
  soundbar: av.soundbar,
  turntable: av.turntable,
  microphone: av.microphone,
  'mirrorless-camera': av.mirrorlessCamera,
  'dslr-camera': av.dslrCamera,
  'camera-lens': av.cameraLens,
  'action-camera': av.actionCamera,
  'instant-camera': av.instantCamera,
  'compact-camera': av.compactCamera,
  drone: av.drone,
  'security-camera': av.securityCamera,
  tripod: av.tripod,
  kettle: home.kettle,
  toaster: home.toaster,
  'floor-lamp': home.floorLamp,
  'table-lamp': home.tableLamp,
  'desk-lamp': home.deskLamp,
  'coffee-maker': home.coffeeMaker,
  'espresso-machine': home.espressoMachine,
  'stick-vacuum': home.stickVacuum,
  'robot-vacuum': home.robotVacuum,
  cookware: home.cookware,
  'air-purifier': home.airPurifier,
  towels: home.towels,
  'cutting-board': home.cuttingBoard,
  sofa: furniture.sofa,
  armchair: furniture.armchair,
  'dining-table': furniture.diningTable,
  'dining-chair': furniture.diningChair,
  'bar-stool': furniture.barStool,
  'office-chair': furniture.officeChair,
  'standing-desk': furniture.standingDesk,
  bookcase: furniture.bookcase,
  nightstand: furniture.nightstand,
  bed: furniture.bed,
  mattress: furniture.mattress,
  'coffee-table': furniture.coffeeTable,
  'side-table': furniture.sideTable,
  't-shirt': wear.tShirt,
  shirt: wear.buttonShirt,
  blouse: wear.blouse,
  sweater: wear.sweater,
  jacket: wear.jacket,
  coat: wear.coat,
  trousers: wear.trousers,
  skirt: wear.skirt,
  dress: wear.dress,
  boots: wear.boots,
  sneakers: wear.sneakers,
  scarf: wear.scarf,
  socks: wear.socks,
  'building-bricks': play.bricks,
  'toy-car': play.toyCar,
  'teddy-bear': play.teddyBear,
  'plush-bunny': play.plushBunny,
  'jigsaw-puzzle': play.jigsawPuzzle,
  'stacking-toy': play.rainbowStacker,
  'toy-train': play.toyTrain,
  telescope: play.telescope,
  'board-game': play.boardGame,
  'craft-kit': play.craftKit,
  'dart-blaster': play.dartBlaster,
  book: play.book,
  backpack: play.backpack,
  'water-bottle': play.waterBottle,
  candles: play.candles,
  'multi-tool': play.multiTool,
  'tote-bags': play.toteBags,
  compass: play.compass,
} satisfies Record<string, Drawing>

export type ProductKind = keyof typeof DRAWINGS

export const PRODUCT_KINDS = Object.keys(DRAWINGS) as ProductKind[]

export function drawProduct(kind: ProductKind, p: Palette, view: number): Shape {
  return DRAWINGS[kind](p, view)
}
