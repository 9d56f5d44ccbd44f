import 'server-only'
// Demo catalogue for the seed. Pure data so tests and scripts can import it without a database.
// Brands are invented on purpose: the demo must not suggest endorsement by real companies.
import 'server-only'
import type { Category, ItemCondition } from '@/lib/catalog'

import type { ProductKind } from './product-shapes'

export type DemoProduct = {
  name: string
  /** What the product is, whatever its category: picks its drawing and the words of its reviews. */
  kind: ProductKind
  description: string
  price: number
  category: Category
  stock: number
  itemCondition: ItemCondition
}

export type DemoShopper = { name: string; email: string }

type Entry = Omit<DemoProduct, 'category'>

const inCategory = (category: Category, entries: readonly Entry[]): DemoProduct[] =>
  entries.map((entry) => ({ ...entry, category }))

const PHONES = inCategory('Phone', [
  {
    name: 'Nimbus X12 Smartphone (128 GB, Midnight)',
    kind: 'smartphone',
    price: 699,
    stock: 42,
    itemCondition: 'New',
    description:
      'A 6.1-inch OLED phone with a 120 Hz display and a 50 MP main camera. The aluminium frame and matte glass back keep it light at 172 g. Fast charging reaches 60% in 30 minutes.',
  },
  {
    name: 'Nimbus X12 Pro Phone (256 GB, Glacier Blue)',
    kind: 'smartphone',
    price: 999,
    stock: 18,
    itemCondition: 'New',
    description:
      'The Pro model adds a 5x periscope telephoto lens and a brighter 6.7-inch display. It records 4K video at 60 fps with stabilisation on every lens. Ships with a braided USB-C cable.',
  },
  {
    name: 'Nimbus Fold 2 Foldable Phone (512 GB, Graphite)',
    kind: 'foldable-phone',
    price: 2599,
    stock: 3,
    itemCondition: 'New',
    description:
      'Opens from a pocketable phone into a 7.8-inch tablet with a nearly invisible crease. The hinge is rated for 400,000 folds. Split-screen multitasking lets you run three apps side by side.',
  },
  {
    name: 'Nimbus X10 Smartphone (128 GB, Silver)',
    kind: 'smartphone',
    price: 379,
    stock: 22,
    itemCondition: 'Renewed',
    description:
      'A professionally refurbished X10 with a new battery and a scratch-free screen. Tested for cameras, speakers, charging and all radios before packing. Covered by a 12-month warranty.',
  },
  {
    name: 'Kestrel A5 Budget Phone (64 GB, Dual SIM)',
    kind: 'smartphone',
    price: 149,
    stock: 85,
    itemCondition: 'New',
    description:
      'A dependable everyday phone with a 6.5-inch screen and a battery that lasts two days. Dual SIM slots plus a microSD slot for up to 1 TB of photos. A good first phone for teenagers.',
  },
  {
    name: 'Kestrel A7 Phone with 5000 mAh Battery (128 GB)',
    kind: 'smartphone',
    price: 169,
    stock: 60,
    itemCondition: 'Renewed',
    description:
      'Big battery, big screen and a 48 MP camera at a sensible price. The side-mounted fingerprint reader unlocks instantly. Includes an 18 W charger in the box. This renewed unit is inspected, reset and backed by a 12-month warranty.',
  },
  {
    name: 'Kestrel Clear Phone Case for A7',
    kind: 'phone-case',
    price: 12.99,
    stock: 120,
    itemCondition: 'New',
    description:
      'A slim, crystal-clear case with shock-absorbing corners. Raised edges protect the screen and camera when the phone lies flat. Resists yellowing for at least a year.',
  },
  {
    name: 'Aurelia Mini 6 Compact Phone (128 GB, Rose)',
    kind: 'smartphone',
    price: 549,
    stock: 0,
    itemCondition: 'New',
    description:
      'A true one-handed phone with a 5.4-inch display and flagship performance. The dual camera handles night shots well for its size. Available in rose, ivory and slate.',
  },
  {
    name: 'Aurelia 11 Phone (256 GB, Graphite)',
    kind: 'smartphone',
    price: 459,
    stock: 2,
    itemCondition: 'Renewed',
    description:
      'A renewed Aurelia 11 graded excellent, with battery health above 90%. Includes a new charging cable and SIM tool. Wireless charging and water resistance are fully tested.',
  },
  {
    name: 'Orbit Note 9 Phone with Stylus (256 GB)',
    kind: 'smartphone',
    price: 649,
    stock: 12,
    itemCondition: 'Renewed',
    description:
      'A large-screen phone with a built-in stylus for notes, sketches and signing documents. Refurbished to full working order with a fresh screen protector. Handwriting converts to text offline.',
  },
  {
    name: 'Orbit Lite 4 Phone (64 GB, Sage)',
    kind: 'smartphone',
    price: 199,
    stock: 34,
    itemCondition: 'New',
    description:
      'A light, colourful phone with a 90 Hz screen and clean software without bloatware. Three years of security updates are promised. The headphone jack is still here.',
  },
  {
    name: 'Tern R3 Rugged Phone (IP69, 128 GB)',
    kind: 'smartphone',
    price: 389,
    stock: 14,
    itemCondition: 'New',
    description:
      'Built for building sites and hiking trails: drop-tested from 1.5 m and sealed against dust and water. Works with gloves and wet fingers. A programmable side key opens the flashlight or walkie-talkie app.',
  },
  {
    name: 'Kestrel Flip Classic Feature Phone',
    kind: 'flip-phone',
    price: 59,
    stock: 95,
    itemCondition: 'New',
    description:
      'A simple flip phone with big buttons, a loud speaker and a week of standby time. An SOS button on the back calls up to five contacts. Comes with a charging cradle.',
  },
  {
    name: 'Vanta Pixelite 8 Camera Phone (256 GB)',
    kind: 'smartphone',
    price: 589,
    stock: 27,
    itemCondition: 'Renewed',
    description:
      'A phone built around its camera: a one-inch main sensor, a 3x telephoto and a macro mode for close-ups. Computational night mode produces clean shots in dim bars and streets. Seven years of updates. Renewed to full working order with a new battery; cosmetic grade A.',
  },
])

const LAPTOPS = inCategory('Laptop', [
  {
    name: 'Lumen Pro 14 Laptop (16 GB, 512 GB SSD)',
    kind: 'laptop',
    price: 1299,
    stock: 24,
    itemCondition: 'New',
    description:
      'A 14-inch laptop with a 2.8K display, a backlit keyboard and up to 15 hours of battery life. The aluminium chassis weighs 1.4 kg. Two Thunderbolt ports and HDMI cover most desks.',
  },
  {
    name: 'Lumen Pro 16 Laptop (32 GB, 1 TB SSD)',
    kind: 'laptop',
    price: 2799,
    stock: 6,
    itemCondition: 'New',
    description:
      'The larger Pro with a 16-inch mini-LED screen, six speakers and a 12-core processor. Handles 8K video edits and large code builds without fan noise. Includes a 140 W USB-C charger.',
  },
  {
    name: 'Lumen Air 13 Ultralight Laptop (8 GB, 256 GB SSD)',
    kind: 'laptop',
    price: 899,
    stock: 40,
    itemCondition: 'New',
    description:
      'A fanless, silent laptop that weighs only 1.1 kg and lasts a full working day. The 13.6-inch screen is bright enough for outdoor cafes. Ideal for students and frequent travellers.',
  },
  {
    name: 'Lumen Air 13 Laptop (2022, 8 GB, 256 GB SSD)',
    kind: 'laptop',
    price: 579,
    stock: 1,
    itemCondition: 'Renewed',
    description:
      'A renewed previous-generation Air in very good condition with minor marks on the lid. The battery has been replaced and the keyboard deep-cleaned. Comes with a compatible 30 W charger.',
  },
  {
    name: 'Kestrel Forge 17 Gaming Laptop (32 GB, 2 TB SSD)',
    kind: 'laptop',
    price: 3499,
    stock: 2,
    itemCondition: 'New',
    description:
      'A desktop-class gaming laptop with a 17.3-inch 240 Hz display and a top-tier graphics card. Vapour-chamber cooling keeps clocks high during long sessions. Per-key RGB keyboard and a 99 Wh battery.',
  },
  {
    name: 'Kestrel Forge 15 Gaming Laptop (16 GB, 1 TB SSD)',
    kind: 'laptop',
    price: 1899,
    stock: 9,
    itemCondition: 'Renewed',
    description:
      'A renewed 15.6-inch gaming laptop with a 165 Hz screen, thoroughly tested under full load. Thermal paste and fans were serviced during refurbishment. Runs current games at high settings.',
  },
  {
    name: 'Tessera Chromebook 11 Laptop (4 GB, 64 GB)',
    kind: 'laptop',
    price: 149,
    stock: 70,
    itemCondition: 'Renewed',
    description:
      'A small, spill-resistant laptop designed for school work and web browsing. Boots in seconds and updates itself in the background. The rubberised edges survive the odd drop from a desk. A renewed unit, wiped and tested, with a new charger.',
  },
  {
    name: 'Tessera Flip 14 2-in-1 Touchscreen Laptop',
    kind: 'laptop',
    price: 549,
    stock: 33,
    itemCondition: 'Renewed',
    description:
      'A convertible laptop whose 360-degree hinge turns it into a tablet or a tent for films. Pen input is supported out of the box. 16 GB of memory keeps dozens of tabs responsive. Renewed with a fresh battery and a new pen; light marks on the base at most.',
  },
  {
    name: 'Aurelia Studio 16 Creator Laptop (64 GB, 2 TB SSD, OLED)',
    kind: 'laptop',
    price: 3899,
    stock: 0,
    itemCondition: 'New',
    description:
      'Made for photographers and video editors: a factory-calibrated 4K OLED panel covering 100% of DCI-P3. A full-size SD card reader and a dial for creative apps sit beside the keyboard. Supports two external 6K monitors.',
  },
  {
    name: 'Vantage Business 14 Laptop (16 GB, 512 GB SSD)',
    kind: 'laptop',
    price: 649,
    stock: 15,
    itemCondition: 'Renewed',
    description:
      'An ex-corporate business laptop, refurbished and graded A. The spill-resistant keyboard, fingerprint reader and privacy shutter make it a solid office machine. Ships with a clean operating system install.',
  },
  {
    name: 'Orbit Student 15 Laptop (8 GB, 512 GB SSD)',
    kind: 'laptop',
    price: 499,
    stock: 55,
    itemCondition: 'New',
    description:
      'A 15.6-inch laptop with a full number pad, a 1080p screen and a fast SSD. Good for essays, spreadsheets and video calls. The 720p webcam has a physical privacy switch.',
  },
  {
    name: 'Granite Rugged 14 Field Laptop',
    kind: 'laptop',
    price: 2649,
    stock: 3,
    itemCondition: 'New',
    description:
      'A fully rugged laptop certified for drops, vibration, rain and extreme temperatures. The sunlight-readable screen reaches 1,200 nits. Hot-swappable batteries keep it running on long field days.',
  },
  {
    name: 'Halden Aluminium Laptop Stand',
    kind: 'laptop-stand',
    price: 39,
    stock: 110,
    itemCondition: 'New',
    description:
      'Raises a laptop screen to eye level to ease neck strain. Folds flat to fit in a backpack and holds laptops from 10 to 17 inches. Silicone pads keep the laptop from sliding.',
  },
  {
    name: 'Halden Padded Laptop Sleeve (13-14 inch)',
    kind: 'laptop-sleeve',
    price: 24.99,
    stock: 64,
    itemCondition: 'New',
    description:
      'A water-repellent laptop sleeve with a plush lining and a front pocket for the charger. The zip runs around two sides so the laptop slides in easily. Available in charcoal and sand.',
  },
])

const FASHION = inCategory('Fashion', [
  {
    name: "Marlowe Men's Oxford Cotton Shirt (Slim Fit, White)",
    kind: 'shirt',
    price: 39.5,
    stock: 80,
    itemCondition: 'New',
    description:
      'A crisp Oxford shirt in breathable long-staple cotton with a button-down collar. Slim through the body without being tight. Machine washable and easy to iron.',
  },
  {
    name: "Marlowe Women's Linen Wrap Dress (Terracotta)",
    kind: 'dress',
    price: 79,
    stock: 26,
    itemCondition: 'New',
    description:
      'A midi wrap dress in washed European linen that gets softer with every wash. The tie waist adjusts the fit, and the side seams hide two pockets. Perfect for warm evenings.',
  },
  {
    name: 'Fenwick Classic Denim Jacket (Unisex)',
    kind: 'jacket',
    price: 89,
    stock: 37,
    itemCondition: 'New',
    description:
      'A timeless trucker jacket in 13 oz rigid denim that fades beautifully over time. Copper buttons and double stitching add durability. Cut roomy enough to layer over a hoodie.',
  },
  {
    name: 'Aurelia Cashmere Crew-Neck Sweater',
    kind: 'sweater',
    price: 149,
    stock: 0,
    itemCondition: 'New',
    description:
      'Knitted from grade-A Mongolian cashmere for a light, warm and very soft sweater. Ribbed cuffs and hem keep their shape. Hand wash cold and dry flat.',
  },
  {
    name: 'Tidewater Organic Cotton T-Shirt (3-Pack)',
    kind: 't-shirt',
    price: 29.99,
    stock: 120,
    itemCondition: 'New',
    description:
      'Three heavyweight crew-neck T-shirts in white, grey and black. The organic cotton is pre-shrunk, so the fit stays true after washing. Everyday basics that last.',
  },
  {
    name: 'Fenwick Slim Chino Trousers (Navy)',
    kind: 'trousers',
    price: 54,
    stock: 48,
    itemCondition: 'New',
    description:
      'Stretch cotton chinos with a slim, tapered leg that works at the office and at the weekend. A hidden coin pocket and reinforced belt loops. Available in four leg lengths.',
  },
  {
    name: 'Solenne Pleated Midi Skirt (Sage)',
    kind: 'skirt',
    price: 59,
    stock: 19,
    itemCondition: 'New',
    description:
      'A flowing pleated skirt in a satin finish that moves nicely when you walk. The elasticated back waistband makes it comfortable all day. Pair it with sneakers or heels.',
  },
  {
    name: 'Ridgeway Waterproof Hiking Jacket',
    kind: 'jacket',
    price: 179,
    stock: 21,
    itemCondition: 'New',
    description:
      'A three-layer waterproof, breathable shell with taped seams and pit zips for ventilation. The helmet-compatible hood adjusts with one hand. Packs into its own chest pocket.',
  },
  {
    name: "Juniper Women's Leather Ankle Boots (Chestnut)",
    kind: 'boots',
    price: 139,
    stock: 2,
    itemCondition: 'New',
    description:
      'Chelsea-style ankle boots in full-grain leather with elastic side panels. The cushioned footbed and rubber sole make them comfortable for long walks. Resoleable by any cobbler.',
  },
  {
    name: "Pacer Everyday Men's Running Shoes",
    kind: 'sneakers',
    price: 94,
    stock: 58,
    itemCondition: 'New',
    description:
      'Neutral running shoes with responsive foam and a breathable knit upper. Suited to daily runs from 5 km to half-marathon distance. Reflective details help on evening runs.',
  },
  {
    name: 'Marlowe Merino Wool Scarf',
    kind: 'scarf',
    price: 34,
    stock: 44,
    itemCondition: 'New',
    description:
      'A generously sized scarf in fine merino that is warm without itching. Woven in a subtle herringbone pattern with fringed ends. Comes gift-boxed.',
  },
  {
    name: 'Solenne Silk Blouse (Ivory)',
    kind: 'blouse',
    price: 119,
    stock: 13,
    itemCondition: 'New',
    description:
      'A fluid blouse in washable mulberry silk with mother-of-pearl buttons. The relaxed cut tucks neatly into trousers or skirts. A wardrobe staple that dresses up or down.',
  },
  {
    name: "Brigham Men's Wool Overcoat (Charcoal)",
    kind: 'coat',
    price: 329,
    stock: 7,
    itemCondition: 'New',
    description:
      'A knee-length overcoat in a dense wool and cashmere blend, fully lined for winter. Notch lapels and a single-breasted front keep it smart over a suit. Two inner pockets fit a phone and wallet.',
  },
  {
    name: 'Tidewater Cotton Crew Socks (6 Pairs)',
    kind: 'socks',
    price: 12.99,
    stock: 115,
    itemCondition: 'New',
    description:
      'Soft combed-cotton socks with a cushioned sole and a seamless toe. The ribbed cuff stays up without pinching. Six pairs in mixed neutral colours.',
  },
])

const HOUSEHOLDS = inCategory('Households', [
  {
    name: 'Hearth 1.7 L Electric Kettle (Brushed Steel)',
    kind: 'kettle',
    price: 49,
    stock: 66,
    itemCondition: 'New',
    description:
      'A fast-boil 3 kW electric kettle with a brushed steel body and a clear water window. Boil-dry protection and auto shut-off come as standard. The limescale filter lifts out for cleaning.',
  },
  {
    name: 'Hearth Glass Kettle with Temperature Control',
    kind: 'kettle',
    price: 69,
    stock: 31,
    itemCondition: 'New',
    description:
      'A borosilicate glass kettle with five presets for green tea, coffee and baby formula. Keeps water warm for up to 30 minutes. A soft blue light glows while it heats.',
  },
  {
    name: 'Hearth 4-Slice Toaster (Matte Cream)',
    kind: 'toaster',
    price: 59,
    stock: 40,
    itemCondition: 'New',
    description:
      'A wide-slot toaster that fits bagels and thick sourdough. Defrost, reheat and cancel buttons plus seven browning levels. The crumb tray slides out for quick cleaning.',
  },
  {
    name: 'Lumiere Arc Floor Lamp (Brass)',
    kind: 'floor-lamp',
    price: 159,
    stock: 11,
    itemCondition: 'New',
    description:
      'An elegant arc floor lamp that reaches over a sofa or armchair. The weighted marble base keeps it stable. Works with any E27 bulb; a dimmable LED bulb is included.',
  },
  {
    name: 'Lumiere Ceramic Table Lamp (Oat)',
    kind: 'table-lamp',
    price: 64,
    stock: 0,
    itemCondition: 'New',
    description:
      'A handmade ceramic lamp base with a reactive glaze and a linen drum shade. Each piece varies slightly in colour. Casts a warm, diffused light for bedside tables.',
  },
  {
    name: 'Lumiere LED Desk Lamp with USB Charging',
    kind: 'desk-lamp',
    price: 39,
    stock: 73,
    itemCondition: 'New',
    description:
      'A flicker-free desk lamp with five colour temperatures and ten brightness levels. A USB port in the base charges your phone. The arm and head rotate to light any corner.',
  },
  {
    name: 'Brava 12-Cup Drip Coffee Maker',
    kind: 'coffee-maker',
    price: 79,
    stock: 28,
    itemCondition: 'New',
    description:
      'A programmable drip coffee maker with a thermal carafe that keeps coffee hot for hours. Brew strength control and a 24-hour timer. The reusable filter saves on paper filters.',
  },
  {
    name: 'Brava Espresso Machine with Milk Frother',
    kind: 'espresso-machine',
    price: 329,
    stock: 5,
    itemCondition: 'Renewed',
    description:
      'A renewed 15-bar espresso machine with a steam wand for lattes and cappuccinos. Descaled, pressure-tested and fitted with new gaskets. Includes single and double shot baskets.',
  },
  {
    name: 'Sweeply Cordless Stick Vacuum Cleaner',
    kind: 'stick-vacuum',
    price: 299,
    stock: 23,
    itemCondition: 'New',
    description:
      'A lightweight cordless vacuum with up to 50 minutes of runtime and a motorised floor head. Converts to a handheld for stairs and car seats. The HEPA filter traps fine dust and pollen.',
  },
  {
    name: 'Sweeply Robot Vacuum with Mapping',
    kind: 'robot-vacuum',
    price: 379,
    stock: 8,
    itemCondition: 'Renewed',
    description:
      'A renewed robot vacuum that maps your home with lidar and cleans room by room. Set no-go zones and schedules from the app. New brushes and filters fitted during refurbishment.',
  },
  {
    name: 'Oakhollow 5-Piece Nonstick Cookware Set',
    kind: 'cookware',
    price: 139,
    stock: 17,
    itemCondition: 'New',
    description:
      'Two frying pans, two saucepans and a sauté pan with a durable ceramic nonstick coating. Works on gas, electric and induction hobs. Oven safe up to 220 °C.',
  },
  {
    name: 'Verdant Air Purifier with HEPA Filter',
    kind: 'air-purifier',
    price: 139,
    stock: 1,
    itemCondition: 'Renewed',
    description:
      'Cleans the air in rooms up to 40 square metres five times an hour. A sensor adjusts the fan speed to the air quality. Sleep mode runs at a whisper-quiet 22 dB. This renewed unit comes with a brand new filter.',
  },
  {
    name: 'Norda Cotton Bath Towel Set (6 Pieces)',
    kind: 'towels',
    price: 44,
    stock: 52,
    itemCondition: 'New',
    description:
      'Two bath towels, two hand towels and two face cloths in plush 600 gsm cotton. Highly absorbent and quick to dry. Available in white, stone and sea blue.',
  },
  {
    name: 'Pinecrest Bamboo Cutting Board',
    kind: 'cutting-board',
    price: 14.5,
    stock: 90,
    itemCondition: 'New',
    description:
      'A sturdy bamboo chopping board with a juice groove around the edge. Gentle on knife edges and naturally resistant to moisture. Oil it now and then to keep it looking new.',
  },
])

const WATCHES = inCategory('Watches', [
  {
    name: 'Kestrel Field Automatic Watch (38 mm, Olive)',
    kind: 'watch',
    price: 259,
    stock: 16,
    itemCondition: 'Renewed',
    description:
      'A military-inspired field watch with a self-winding movement and a 42-hour power reserve. Sapphire crystal and 100 m water resistance. Comes on a quick-release canvas strap. Renewed: serviced, regulated and pressure-tested by a watchmaker.',
  },
  {
    name: 'Aurelia Heritage Chronograph Watch (Steel)',
    kind: 'watch',
    price: 1249,
    stock: 4,
    itemCondition: 'New',
    description:
      'A 40 mm chronograph with a sunburst silver dial and a tachymeter bezel. Its column-wheel movement is visible through the exhibition case back. Supplied with a steel bracelet and a leather strap.',
  },
  {
    name: 'Aurelia Grand Moonphase Watch (18k Rose Gold)',
    kind: 'watch',
    price: 3200,
    stock: 1,
    itemCondition: 'New',
    description:
      'A dress watch in solid 18k rose gold with a hand-finished moonphase complication. The enamel dial and blued hands are assembled by a single watchmaker. Delivered in a walnut presentation box.',
  },
  {
    name: 'Marin Titanium GMT Watch',
    kind: 'watch',
    price: 1890,
    stock: 3,
    itemCondition: 'Renewed',
    description:
      'A renewed titanium GMT watch that tracks a second time zone on its two-tone bezel. Serviced and pressure-tested by a certified watchmaker. Light enough to forget you are wearing it.',
  },
  {
    name: 'Marin Diver 200 m Automatic Watch',
    kind: 'watch',
    price: 599,
    stock: 12,
    itemCondition: 'New',
    description:
      'A dive watch with a ceramic unidirectional bezel, a screw-down crown and 200 m water resistance. Luminous markers glow brightly in the dark. Includes a rubber strap for swimming.',
  },
  {
    name: 'Halvard Pilot Chronograph Watch (Leather)',
    kind: 'watch',
    price: 429,
    stock: 6,
    itemCondition: 'Renewed',
    description:
      'A renewed pilot chronograph with a large, legible 42 mm dial and an oversized crown. The movement was serviced and the crystal polished. Rides on a brown calf leather strap.',
  },
  {
    name: 'Tempo Pulse 3 Smartwatch (GPS, 44 mm)',
    kind: 'smartwatch',
    price: 279,
    stock: 47,
    itemCondition: 'New',
    description:
      'A smartwatch with built-in GPS, heart-rate and blood-oxygen sensors and a bright always-on display. Tracks over 100 workouts and sleep stages. Battery lasts up to five days.',
  },
  {
    name: 'Tempo Pulse 2 Smartwatch (40 mm)',
    kind: 'smartwatch',
    price: 149,
    stock: 19,
    itemCondition: 'Renewed',
    description:
      'A renewed previous-generation smartwatch with a new band and a fully tested battery. Shows notifications, tracks steps and workouts, and supports contactless payments. Compatible with most phones.',
  },
  {
    name: "Tempo Active Women's Smartwatch (40 mm)",
    kind: 'smartwatch',
    price: 229,
    stock: 0,
    itemCondition: 'New',
    description:
      'A slim smartwatch with cycle tracking, guided breathing and stress insights. The aluminium case comes in blush, silver and midnight. Swim-proof to 50 m.',
  },
  {
    name: 'Tempo Fit Band Fitness Tracker Watch',
    kind: 'fitness-band',
    price: 59,
    stock: 88,
    itemCondition: 'New',
    description:
      'A lightweight fitness band that counts steps, monitors heart rate and tracks sleep. A two-week battery means you rarely need to charge it. Vibrating alarms wake you gently.',
  },
  {
    name: 'Solace Minimalist Quartz Watch (Mesh Strap)',
    kind: 'watch',
    price: 119,
    stock: 35,
    itemCondition: 'New',
    description:
      'A slim 36 mm watch with a clean dial, no numerals and a steel mesh strap. Reliable quartz movement with a three-year battery. A refined everyday watch for any wrist.',
  },
  {
    name: 'Brisk Solar Digital Sports Watch',
    kind: 'digital-watch',
    price: 79,
    stock: 42,
    itemCondition: 'New',
    description:
      'A shock-resistant digital watch powered by light, so it never needs a new battery. Features a stopwatch, countdown timer, world time and five alarms. Water resistant to 200 m.',
  },
  {
    name: "Wren Kids' Digital Watch (Water Resistant)",
    kind: 'digital-watch',
    price: 19,
    stock: 70,
    itemCondition: 'New',
    description:
      'A colourful, easy-to-read watch for children with a soft silicone strap. Water resistant for swimming lessons. The backlight button makes it readable at night.',
  },
  {
    name: 'Wren Silicone Watch Strap (20 mm)',
    kind: 'watch-strap',
    price: 11,
    stock: 104,
    itemCondition: 'New',
    description:
      'A soft, sweat-proof silicone strap with quick-release spring bars, so you can swap straps without tools. Fits any watch with 20 mm lugs. Available in eight colours.',
  },
])

const FURNITURE = inCategory('Furniture', [
  {
    name: 'Haven Three-Seat Linen Sofa (Oatmeal)',
    kind: 'sofa',
    price: 1299,
    stock: 5,
    itemCondition: 'New',
    description:
      'A deep, comfortable three-seat sofa with feather-wrapped cushions and a solid beech frame. The linen covers zip off for washing. Arrives in two parts and assembles in minutes.',
  },
  {
    name: 'Haven Modular Sectional Sofa (6 Pieces, Velvet)',
    kind: 'sofa',
    price: 2899,
    stock: 2,
    itemCondition: 'New',
    description:
      'A six-piece modular sofa you can arrange as an L-shape, a U-shape or two separate sofas. Upholstered in a stain-resistant performance velvet. Each module is light enough to carry alone.',
  },
  {
    name: 'Haven Velvet Accent Armchair (Emerald)',
    kind: 'armchair',
    price: 399,
    stock: 9,
    itemCondition: 'New',
    description:
      'A curved armchair in rich emerald velvet on tapered oak legs. The high back gives good support for reading. Adds a bold splash of colour to a living room corner.',
  },
  {
    name: 'Alder Solid Oak Dining Table (6-Seater)',
    kind: 'dining-table',
    price: 1149,
    stock: 0,
    itemCondition: 'New',
    description:
      'A 180 cm dining table made from solid European oak with a hard-wax oil finish. The trestle base leaves plenty of knee room. Seats six comfortably and eight at a squeeze.',
  },
  {
    name: 'Alder Oak Dining Chair (Set of 2)',
    kind: 'dining-chair',
    price: 289,
    stock: 14,
    itemCondition: 'New',
    description:
      'Two spindle-back dining chairs in solid oak with a contoured seat. Designed to match the Alder dining table. Delivered fully assembled.',
  },
  {
    name: 'Alder Wooden Bar Stool',
    kind: 'bar-stool',
    price: 89,
    stock: 30,
    itemCondition: 'New',
    description:
      'A counter-height bar stool in solid ash with a footrest ring. The saddle seat is comfortable for breakfast at the kitchen island. Felt pads protect the floor.',
  },
  {
    name: 'Ergon Pro Ergonomic Office Chair',
    kind: 'office-chair',
    price: 429,
    stock: 7,
    itemCondition: 'Renewed',
    description:
      'A renewed high-end office chair with adjustable lumbar support, 4D armrests and a breathable mesh back. Cleaned, inspected and fitted with new castors. Carries a five-year warranty on the frame.',
  },
  {
    name: 'Ergon Electric Standing Desk (140 cm)',
    kind: 'standing-desk',
    price: 399,
    stock: 18,
    itemCondition: 'Renewed',
    description:
      'A dual-motor standing desk that moves smoothly from 70 to 120 cm. Four memory presets and anti-collision detection. The bamboo top has a cable tray underneath. Renewed: motors and controller tested over a full lift cycle.',
  },
  {
    name: 'Birchwood Five-Shelf Bookcase',
    kind: 'bookcase',
    price: 179,
    stock: 22,
    itemCondition: 'New',
    description:
      'A tall bookcase in birch veneer with five fixed shelves, each holding up to 25 kg. Wall anchoring hardware is included. Fits neatly in a study or hallway.',
  },
  {
    name: 'Birchwood Three-Drawer Nightstand',
    kind: 'nightstand',
    price: 139,
    stock: 1,
    itemCondition: 'New',
    description:
      'A compact bedside table with three soft-close drawers and a cable cut-out for chargers. Made from FSC-certified birch. Simple tool-free assembly.',
  },
  {
    name: 'Nestwell Queen Platform Bed Frame',
    kind: 'bed',
    price: 699,
    stock: 10,
    itemCondition: 'New',
    description:
      'A low-profile platform bed in walnut-stained wood with a padded headboard. The slatted base needs no box spring. Under-bed clearance fits storage boxes.',
  },
  {
    name: 'Nestwell Memory Foam Mattress (Queen)',
    kind: 'mattress',
    price: 799,
    stock: 12,
    itemCondition: 'New',
    description:
      'A medium-firm hybrid mattress with cooling gel memory foam over pocket springs. Relieves pressure for side and back sleepers. Comes rolled in a box with a 100-night trial.',
  },
  {
    name: 'Lowell Round Coffee Table (Walnut)',
    kind: 'coffee-table',
    price: 249,
    stock: 15,
    itemCondition: 'New',
    description:
      'A round coffee table with a walnut veneer top and a lower shelf for magazines. Its rounded edges are friendly to small children. Measures 90 cm across.',
  },
  {
    name: 'Lowell Folding Side Table',
    kind: 'side-table',
    price: 49,
    stock: 40,
    itemCondition: 'New',
    description:
      'A small side table that folds flat for storage. Ideal for balconies, guest rooms and extra space at parties. Powder-coated steel legs with a weather-resistant top.',
  },
])

const TOYS = inCategory('Toys', [
  {
    name: 'Bricksmith City Fire Station Building Set (742 Pieces)',
    kind: 'building-bricks',
    price: 89,
    stock: 20,
    itemCondition: 'New',
    description:
      'Build a three-storey fire station with a fire truck, a ladder and six minifigures. The doors open and the alarm light lifts up. Suitable for ages 7 and up.',
  },
  {
    name: 'Bricksmith Starter Brick Box (300 Pieces)',
    kind: 'building-bricks',
    price: 24.99,
    stock: 75,
    itemCondition: 'New',
    description:
      'A box of colourful building bricks, wheels and windows to spark free play. Includes an idea booklet with twelve models. Compatible with other major brick brands.',
  },
  {
    name: 'Rallykid Remote Control Off-Road Car',
    kind: 'toy-car',
    price: 49,
    stock: 33,
    itemCondition: 'New',
    description:
      'A 1:16 scale off-road RC car with independent suspension and grippy tyres. Reaches 25 km/h and runs for 20 minutes per battery. Two rechargeable batteries are included.',
  },
  {
    name: 'Rallykid Die-Cast Toy Car Set (5 Pack)',
    kind: 'toy-car',
    price: 14.99,
    stock: 98,
    itemCondition: 'New',
    description:
      'Five die-cast toy cars with rolling wheels and detailed paintwork. Includes a rally car, a pick-up, a police car, a taxi and a race car. Sized for little hands.',
  },
  {
    name: 'Snuggly Classic Teddy Bear (40 cm)',
    kind: 'teddy-bear',
    price: 29,
    stock: 0,
    itemCondition: 'New',
    description:
      'A soft, huggable teddy bear with embroidered eyes that are safe for babies. Surface washable and made from recycled fibre filling. A classic gift for new arrivals.',
  },
  {
    name: 'Snuggly Plush Bunny',
    kind: 'plush-bunny',
    price: 12,
    stock: 64,
    itemCondition: 'New',
    description:
      'A floppy-eared plush bunny in super-soft fabric. Small enough to take everywhere and machine washable on a gentle cycle. Suitable from birth.',
  },
  {
    name: 'Puzzleforge 1000-Piece Jigsaw Puzzle (Alpine Lake)',
    kind: 'jigsaw-puzzle',
    price: 19.99,
    stock: 41,
    itemCondition: 'New',
    description:
      'A 1000-piece jigsaw puzzle of a turquoise lake beneath snowy peaks. Thick, precisely cut pieces with a linen finish that reduces glare. Completed size is 70 by 50 cm.',
  },
  {
    name: 'Maplebrook Wooden Rainbow Stacker',
    kind: 'stacking-toy',
    price: 34,
    stock: 27,
    itemCondition: 'New',
    description:
      'Seven arches of solid beech wood painted with child-safe colours. Stacks as a rainbow, becomes a tunnel or a bridge in imaginative play. A Montessori-inspired favourite.',
  },
  {
    name: 'Maplebrook Wooden Train Set (48 Pieces)',
    kind: 'toy-train',
    price: 64,
    stock: 2,
    itemCondition: 'New',
    description:
      'A wooden railway with tracks, a bridge, a station and a magnetic locomotive with three carriages. Compatible with most wooden track systems. Ages 3 and up.',
  },
  {
    name: "Orbit Junior Kids' Drone with Camera",
    kind: 'drone',
    price: 59,
    stock: 16,
    itemCondition: 'Renewed',
    description:
      'A beginner-friendly drone with propeller guards, altitude hold and one-key take-off. The 720p camera streams to a phone. Three batteries give about 30 minutes of flight. Renewed with new propellers and freshly tested batteries.',
  },
  {
    name: "Starwise Kids' Telescope",
    kind: 'telescope',
    price: 79,
    stock: 12,
    itemCondition: 'New',
    description:
      'A 70 mm refractor telescope with a sturdy tripod and two eyepieces. Sharp views of the Moon craters and Saturn rings. Includes a star map for young astronomers.',
  },
  {
    name: 'Dicehaven Island Traders Family Board Game',
    kind: 'board-game',
    price: 39,
    stock: 29,
    itemCondition: 'New',
    description:
      'A family board game of trading, sailing and building for two to five players. Games last about 45 minutes. Easy to learn with plenty of strategy for adults.',
  },
  {
    name: "Pixie Art Kids' Craft Kit",
    kind: 'craft-kit',
    price: 22,
    stock: 50,
    itemCondition: 'New',
    description:
      'A craft kit with paints, glitter glue, pom-poms, googly eyes and card for over 20 projects. All materials are non-toxic. Packed in a handy storage box.',
  },
  {
    name: 'Zinger Foam Dart Blaster',
    kind: 'dart-blaster',
    price: 27,
    stock: 45,
    itemCondition: 'New',
    description:
      'A pump-action blaster that fires soft foam darts up to 20 metres. Holds six darts in a rotating drum. Comes with twelve darts and a target.',
  },
])

const SOUND = inCategory('Sound', [
  {
    name: 'Aurelia Studio ANC Wireless Headphones',
    kind: 'headphones',
    price: 349,
    stock: 28,
    itemCondition: 'New',
    description:
      'Over-ear wireless headphones with adaptive noise cancelling and 30 hours of battery life. Plush memory-foam ear cushions stay comfortable on long flights. A quick charge of 10 minutes gives 5 hours of music.',
  },
  {
    name: 'Aurelia Studio ANC Headphones (Renewed)',
    kind: 'headphones',
    price: 219,
    stock: 11,
    itemCondition: 'Renewed',
    description:
      'Renewed noise-cancelling headphones with new ear cushions and a fully tested battery. Sound quality and microphones checked against factory specs. Includes the carry case and cable.',
  },
  {
    name: 'Kestrel Buds Pro True Wireless Earbuds',
    kind: 'earbuds',
    price: 179,
    stock: 52,
    itemCondition: 'New',
    description:
      'Compact earbuds with active noise cancelling, a transparency mode and spatial audio. Sweat and splash resistant for workouts. The wireless charging case adds 24 hours of playback.',
  },
  {
    name: 'Kestrel Buds Lite Wireless Earbuds',
    kind: 'earbuds',
    price: 49,
    stock: 0,
    itemCondition: 'New',
    description:
      'Lightweight everyday earbuds with clear calls and punchy bass. Touch controls for music and calls. Up to 7 hours per charge and 28 hours with the case.',
  },
  {
    name: 'Echoline Studio Monitor Headphones (Wired)',
    kind: 'headphones',
    price: 89,
    stock: 24,
    itemCondition: 'Renewed',
    description:
      'Closed-back studio headphones with a flat, accurate sound for mixing and recording. The detachable coiled cable is replaceable. Ear cups swivel for one-ear monitoring. Renewed with fresh ear pads and a sanitised headband.',
  },
  {
    name: "Wren Kids' Volume-Limited Headphones",
    kind: 'headphones',
    price: 19,
    stock: 66,
    itemCondition: 'New',
    description:
      'Bendable, padded headphones for children with volume capped at 85 dB to protect young ears. A share port lets two kids listen together. Colourful and hard to break.',
  },
  {
    name: 'Boomtide Portable Bluetooth Speaker (Waterproof)',
    kind: 'portable-speaker',
    price: 89,
    stock: 39,
    itemCondition: 'New',
    description:
      'A rugged portable speaker that floats, survives drops and plays for 15 hours. Pair two speakers for stereo sound. A strap makes it easy to hang from a backpack.',
  },
  {
    name: 'Boomtide Party Speaker XL with Lights',
    kind: 'portable-speaker',
    price: 399,
    stock: 3,
    itemCondition: 'New',
    description:
      'A big party speaker with deep bass, a light show that follows the beat and a microphone input for karaoke. Built-in wheels and a handle for moving it around. Runs for 12 hours on battery.',
  },
  {
    name: 'Boomtide Mini Clip Speaker',
    kind: 'portable-speaker',
    price: 29,
    stock: 80,
    itemCondition: 'New',
    description:
      'A palm-sized Bluetooth speaker with a carabiner clip for bikes and bags. Surprisingly loud for its size. Water resistant and charges via USB-C.',
  },
  {
    name: 'Resonant Reference Hi-Fi Floorstanding Speakers (Pair)',
    kind: 'tower-speakers',
    price: 2999,
    stock: 2,
    itemCondition: 'New',
    description:
      'Three-way floorstanding speakers with a silk-dome tweeter and twin 6.5-inch woofers. The braced cabinets in real walnut veneer keep the sound clean at high volume. Designed for rooms up to 40 square metres.',
  },
  {
    name: 'Resonant Bookshelf Speakers (Pair)',
    kind: 'bookshelf-speakers',
    price: 449,
    stock: 6,
    itemCondition: 'Renewed',
    description:
      'Renewed passive bookshelf speakers with a detailed, warm sound. Drivers and crossovers inspected and tested in pairs. Magnetic grilles and rubber feet included.',
  },
  {
    name: 'Cadence Soundbar with Wireless Subwoofer',
    kind: 'soundbar',
    price: 359,
    stock: 14,
    itemCondition: 'Renewed',
    description:
      'A slim soundbar and wireless subwoofer that bring cinema sound to any TV. Dialogue enhancement makes voices clearer. Connects via HDMI eARC, optical or Bluetooth. Renewed and tested with all inputs; the remote is brand new.',
  },
  {
    name: 'Cadence Turntable with Built-in Preamp',
    kind: 'turntable',
    price: 249,
    stock: 9,
    itemCondition: 'Renewed',
    description:
      'A renewed belt-drive turntable with a pre-fitted cartridge and a switchable phono preamp. Plays 33 and 45 rpm records. Connect it straight to powered speakers or an amplifier.',
  },
  {
    name: 'Echoline USB Podcast Microphone',
    kind: 'microphone',
    price: 69,
    stock: 31,
    itemCondition: 'Renewed',
    description:
      'A plug-and-play USB microphone with a cardioid pattern for clear voice recording. Zero-latency headphone monitoring and a mute button on top. Includes a desk stand and pop filter. Renewed and tested for noise and dropouts on every sample rate.',
  },
])

const CAMERAS = inCategory('Camera', [
  {
    name: 'Kestrel K7 Mirrorless Camera Body (33 MP)',
    kind: 'mirrorless-camera',
    price: 2199,
    stock: 8,
    itemCondition: 'New',
    description:
      'A 33 MP mirrorless camera with in-body stabilisation and fast subject-tracking autofocus. Shoots 4K video at 60 fps. The weather-sealed body takes two SD cards.',
  },
  {
    name: 'Kestrel K9 Full-Frame Mirrorless Camera with 24-70 mm Lens',
    kind: 'mirrorless-camera',
    price: 3899,
    stock: 3,
    itemCondition: 'New',
    description:
      'A flagship full-frame camera kit with a 50 MP stacked sensor and a fast 24-70 mm f/2.8 zoom lens. Shoots 30 frames per second without blackout. Built for professional sports and wedding photographers.',
  },
  {
    name: 'Kestrel K9 Full-Frame Camera Body',
    kind: 'mirrorless-camera',
    price: 2649,
    stock: 1,
    itemCondition: 'Renewed',
    description:
      'A renewed K9 body with a low shutter count, sensor cleaned and firmware updated. Includes two batteries and a charger. Covered by a one-year warranty.',
  },
  {
    name: 'Optiq Z50 DSLR Camera with 18-55 mm Kit Lens',
    kind: 'dslr-camera',
    price: 749,
    stock: 21,
    itemCondition: 'New',
    description:
      'A beginner-friendly DSLR with a 24 MP sensor, an optical viewfinder and a guide mode that explains each setting. The kit lens covers landscapes to portraits. Battery lasts around 1,000 shots.',
  },
  {
    name: 'Optiq Z50 DSLR Camera Body',
    kind: 'dslr-camera',
    price: 499,
    stock: 0,
    itemCondition: 'Renewed',
    description:
      'A renewed Z50 body in excellent cosmetic condition. Tested for autofocus, metering and card slots. A great way to start with interchangeable lenses on a budget.',
  },
  {
    name: 'Optiq 70-200 mm f/2.8 Telephoto Lens',
    kind: 'camera-lens',
    price: 2749,
    stock: 2,
    itemCondition: 'Renewed',
    description:
      'A renewed professional telephoto zoom lens with a constant f/2.8 aperture and optical stabilisation. Optics cleaned and calibrated. Ideal for sports, wildlife and portraits with creamy backgrounds.',
  },
  {
    name: 'Kestrel 50 mm f/1.8 Prime Lens',
    kind: 'camera-lens',
    price: 159,
    stock: 36,
    itemCondition: 'Renewed',
    description:
      'A compact, sharp standard lens with a bright f/1.8 aperture for low light and blurred backgrounds. Quiet stepping motor for video. Weighs just 160 g. Renewed: optics cleaned and autofocus calibrated.',
  },
  {
    name: 'Ardent 5K Action Camera (Waterproof)',
    kind: 'action-camera',
    price: 349,
    stock: 25,
    itemCondition: 'New',
    description:
      'A tough action camera that records 5K video and is waterproof to 10 m without a case. Horizon levelling keeps footage straight on bikes and boards. Front screen for vlogging.',
  },
  {
    name: 'Ardent 4K Action Camera',
    kind: 'action-camera',
    price: 179,
    stock: 13,
    itemCondition: 'Renewed',
    description:
      'A renewed 4K action camera with image stabilisation and a touch screen. Includes a mounting kit and a new battery. Fully tested for waterproofing.',
  },
  {
    name: 'Polara Instant Film Camera (Mint)',
    kind: 'instant-camera',
    price: 89,
    stock: 44,
    itemCondition: 'New',
    description:
      'A fun instant camera that prints credit-card-sized photos in seconds. Automatic exposure and a selfie mirror. Uses widely available instant film packs.',
  },
  {
    name: 'Fieldmark 30x Compact Zoom Camera',
    kind: 'compact-camera',
    price: 329,
    stock: 10,
    itemCondition: 'Renewed',
    description:
      'A pocket camera with a 30x optical zoom lens for travel and wildlife. The flip-up screen helps with selfies and low angles. Shoots 4K video and transfers photos over Wi-Fi. A renewed unit with a cleaned lens and a new battery.',
  },
  {
    name: 'Skylark Mini 4K Camera Drone',
    kind: 'drone',
    price: 599,
    stock: 5,
    itemCondition: 'Renewed',
    description:
      'A renewed foldable camera drone under 250 g with a stabilised 4K camera. Returns home automatically when the battery runs low. Flight time is up to 30 minutes.',
  },
  {
    name: 'Vireo 4K Home Security Camera',
    kind: 'security-camera',
    price: 59,
    stock: 62,
    itemCondition: 'New',
    description:
      'An indoor security camera with 4K video, colour night vision and two-way audio. Detects people and pets and sends alerts to your phone. Stores clips locally on a microSD card.',
  },
  {
    name: 'Trailhead Carbon Fibre Camera Tripod',
    kind: 'tripod',
    price: 129,
    stock: 19,
    itemCondition: 'New',
    description:
      'A travel tripod in carbon fibre that folds to 40 cm and weighs 1.2 kg. The ball head holds cameras up to 8 kg. One leg converts into a monopod.',
  },
])

const BOOKS = inCategory('Books', [
  {
    name: "The Lantern Keeper's Daughter (Hardcover Novel)",
    kind: 'book',
    price: 24.99,
    stock: 47,
    itemCondition: 'New',
    description:
      'A sweeping historical novel about a lighthouse family on a storm-battered coast in the 1890s. Secrets surface when a shipwreck washes ashore. A book club favourite.',
  },
  {
    name: 'Salt and Cedar: A Coastal Cookbook',
    kind: 'book',
    price: 34,
    stock: 23,
    itemCondition: 'New',
    description:
      'Over 100 recipes for seafood, grilled vegetables and simple desserts inspired by coastal kitchens. Beautiful photography and clear step-by-step instructions. Hardcover with a ribbon bookmark.',
  },
  {
    name: 'Quiet Engines: A History of Clocks (Paperback)',
    kind: 'book',
    price: 17.5,
    stock: 18,
    itemCondition: 'New',
    description:
      'A lively history of timekeeping from water clocks to atomic clocks. Shows how accurate time changed navigation, railways and daily life. Illustrated with archival drawings.',
  },
  {
    name: 'The Patient Gardener (Gardening Book)',
    kind: 'book',
    price: 19.99,
    stock: 26,
    itemCondition: 'New',
    description:
      'A seasonal gardening book for beginners covering soil, planting, pruning and pests. Practical month-by-month checklists keep you on track. Written with warmth and humour.',
  },
  {
    name: 'Field Guide to Backyard Birds',
    kind: 'book',
    price: 14.99,
    stock: 58,
    itemCondition: 'New',
    description:
      'A compact field guide with colour illustrations of 250 common birds. Range maps and song descriptions help with identification. Fits in a jacket pocket.',
  },
  {
    name: 'Learning TypeScript the Practical Way (Paperback)',
    kind: 'book',
    price: 39,
    stock: 14,
    itemCondition: 'New',
    description:
      'A hands-on programming book that builds three real projects with TypeScript. Covers types, generics, testing and tooling. Suitable for developers who already know some JavaScript.',
  },
  {
    name: 'Midnight in Valparaiso (Mystery Novel, Paperback)',
    kind: 'book',
    price: 9.99,
    stock: 72,
    itemCondition: 'New',
    description:
      'A twisty mystery novel set in the hillside city of Valparaiso. A retired detective is drawn back in by a stolen painting. Impossible to put down.',
  },
  {
    name: "The Children's Book of Stars (Picture Book)",
    kind: 'book',
    price: 12.99,
    stock: 0,
    itemCondition: 'New',
    description:
      'A richly illustrated picture book that introduces constellations, planets and the Moon. Includes glow-in-the-dark pages. Perfect for bedtime reading with children aged 4 to 8.',
  },
  {
    name: 'Atlas of Forgotten Islands (Illustrated Hardcover)',
    kind: 'book',
    price: 45,
    stock: 9,
    itemCondition: 'New',
    description:
      'An illustrated atlas of 50 remote islands and the strange stories behind them. Hand-drawn maps accompany each short essay. A beautiful gift book for travellers.',
  },
  {
    name: 'Small Habits, Big Shifts (Paperback)',
    kind: 'book',
    price: 16,
    stock: 39,
    itemCondition: 'New',
    description:
      'A practical self-help book on building good habits and breaking bad ones. Short chapters with exercises you can try the same day. Backed by behavioural research.',
  },
  {
    name: 'Sea Glass Summer: A Novel (Paperback)',
    kind: 'book',
    price: 6.5,
    stock: 11,
    itemCondition: 'Renewed',
    description:
      'A pre-owned paperback in like-new condition with no markings. A gentle summer story of friendship and second chances in a seaside town. Checked page by page before dispatch.',
  },
  {
    name: 'Principles of Modern Photography (Textbook)',
    kind: 'book',
    price: 54,
    stock: 7,
    itemCondition: 'Renewed',
    description:
      'A pre-owned photography textbook in very good condition. Covers exposure, composition, lighting and editing with clear examples. Used by many university photography courses.',
  },
  {
    name: 'The Complete Poems of Iris Vale (Collector Edition)',
    kind: 'book',
    price: 129,
    stock: 1,
    itemCondition: 'New',
    description:
      'A clothbound collector edition gathering every published poem by Iris Vale. Printed on acid-free paper with gilded edges and a slipcase. Numbered and limited to 2,000 copies.',
  },
  {
    name: "Beginner's Drawing Course Book",
    kind: 'book',
    price: 7.99,
    stock: 83,
    itemCondition: 'New',
    description:
      'A step-by-step drawing book that teaches lines, shading and perspective in 30 short lessons. All you need is a pencil and paper. Great for teens and adults starting out.',
  },
])

const MISCELLANEOUS = inCategory('MISCELLANEOUS', [
  {
    name: 'Kestrel 20,000 mAh Power Bank',
    kind: 'power-bank',
    price: 39,
    stock: 77,
    itemCondition: 'New',
    description:
      'A slim power bank that charges a phone about four times. USB-C power delivery tops up a laptop too. A display shows the remaining charge in percent.',
  },
  {
    name: 'Wanderly 35 L Travel Backpack',
    kind: 'backpack',
    price: 89,
    stock: 24,
    itemCondition: 'New',
    description:
      'A carry-on sized travel backpack that opens like a suitcase. A padded laptop compartment and hidden passport pocket. Made from recycled water-resistant fabric.',
  },
  {
    name: 'Harbor Insulated Water Bottle (750 ml)',
    kind: 'water-bottle',
    price: 24,
    stock: 95,
    itemCondition: 'New',
    description:
      'A double-walled steel water bottle that keeps drinks cold for 24 hours or hot for 12. Leak-proof lid with a carry loop. Fits most car cup holders.',
  },
  {
    name: 'Evergreen Scented Soy Candle Gift Set',
    kind: 'candles',
    price: 29,
    stock: 0,
    itemCondition: 'New',
    description:
      'Three hand-poured soy candles in pine, fig and sea salt scents. Each burns cleanly for about 35 hours. Presented in a gift box ready for giving.',
  },
  {
    name: 'Ironleaf 14-in-1 Pocket Multi-Tool',
    kind: 'multi-tool',
    price: 39,
    stock: 3,
    itemCondition: 'New',
    description:
      'A stainless steel multi-tool with pliers, wire cutters, knife, screwdrivers and a bottle opener. All blades lock in place for safety. Comes with a belt pouch.',
  },
  {
    name: 'Luma Reusable Shopping Tote Bags (3 Pack)',
    kind: 'tote-bags',
    price: 9.99,
    stock: 110,
    itemCondition: 'New',
    description:
      'Three sturdy, foldable shopping bags that each carry up to 20 kg. Each folds into its own pocket. Machine washable.',
  },
  {
    name: 'Wayfarer Brass Keychain Compass',
    kind: 'compass',
    price: 5.49,
    stock: 66,
    itemCondition: 'New',
    description:
      'A small working compass in solid brass on a sturdy key ring. A charming gift for hikers and travellers. Develops a lovely patina over time.',
  },
])

/** Grouped by category; the seed decides the insertion order. */
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  ...PHONES,
  ...LAPTOPS,
  ...FASHION,
  ...HOUSEHOLDS,
  ...WATCHES,
  ...FURNITURE,
  ...TOYS,
  ...SOUND,
  ...CAMERAS,
  ...BOOKS,
  ...MISCELLANEOUS,
]

export const DEMO_SHOPPERS: readonly DemoShopper[] = [
  { name: 'Priya Raman', email: 'priya.raman@example.com' },
  { name: 'Daniel Okafor', email: 'daniel.okafor@example.com' },
  { name: 'Sofia Marquez', email: 'sofia.marquez@example.com' },
  { name: 'Liam Chen', email: 'liam.chen@example.com' },
  { name: 'Amara Nwosu', email: 'amara.nwosu@example.com' },
  { name: 'Oliver Bennett', email: 'oliver.bennett@example.com' },
  { name: 'Hana Suzuki', email: 'hana.suzuki@example.com' },
  { name: 'Mateo Rossi', email: 'mateo.rossi@example.com' },
  { name: 'Aisha Khan', email: 'aisha.khan@example.com' },
  { name: 'Noah Fischer', email: 'noah.fischer@example.com' },
  { name: 'Chloe Dubois', email: 'chloe.dubois@example.com' },
  { name: 'Arjun Mehta', email: 'arjun.mehta@example.com' },
]
