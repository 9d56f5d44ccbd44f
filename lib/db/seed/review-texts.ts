import 'server-only'
// What the demo shoppers write: each product's reviews talk about what that kind of product does
// (headphones about sound, a sofa about comfort), in a tone that matches the stars they give.
import type { ProductKind } from './product-shapes'
import type { Random } from './random'

export type Stars = 1 | 2 | 3 | 4 | 5
type Lines = Readonly<Record<Stars, readonly string[]>>

export const REVIEW_TOPICS = {
  phone: {
    1: [
      'The screen cracked on the first drop and the phone froze every day until I returned it.',
      'Calls kept dropping and the battery barely lasted until lunch.',
      'Laggy from day one and the camera photos are blurry. Sent it back.',
    ],
    2: [
      'The phone gets warm during calls and the battery drains faster than promised.',
      'Photos look washed out and the speaker is tinny.',
      'It works, but the screen is dim outdoors and apps load slowly.',
    ],
    3: [
      'A decent phone: the screen is nice, the battery is average.',
      'Camera is fine in daylight and noisy at night. Fair for the price.',
      'Does calls, messages and maps well enough; nothing stands out.',
    ],
    4: [
      'Fast, bright screen and the battery easily lasts a day. Only the charger is slow.',
      'Great camera for the price and calls sound clear.',
      'Smooth phone and a good grip. The speaker could be louder.',
    ],
    5: [
      'Best phone I have owned: the screen is gorgeous and the battery goes two days.',
      'Photos are stunning, even at night, and it never lags.',
      'Fast, light and the battery life is superb. Would buy again.',
    ],
  },
  laptop: {
    1: [
      'The laptop overheats and shuts down within an hour. Returned it.',
      'Keyboard keys stopped working in the first week and the screen flickers.',
      'Painfully slow even for email, and the battery barely lasts an hour.',
    ],
    2: [
      'The fan is loud under any load and the trackpad is unreliable.',
      'Screen is dim and the battery life is far below what was advertised.',
      'Works, but the hinge already feels loose after a month.',
    ],
    3: [
      'A reasonable laptop for browsing and documents; it slows down with many tabs.',
      'The keyboard is pleasant, the screen only average.',
      'Battery gets me through half a day. Fine for the price.',
    ],
    4: [
      'Quick, quiet and the keyboard is a pleasure to type on. A few more ports would be nice.',
      'The screen is sharp and the battery lasts a full workday.',
      'Handles my work and some light editing without complaint.',
    ],
    5: [
      'Lightning fast, silent and the battery lasts all day. A superb laptop.',
      'The screen is beautiful and it boots in seconds. Worth every penny.',
      'Best laptop I have used: great keyboard, great screen, no fan noise.',
    ],
  },
  'device-accessory': {
    1: [
      'It does not fit my device properly and the edges dig in. Returned it.',
      'Cheap material that split within days.',
      'The fit is loose and it scratched my device.',
    ],
    2: [
      'It fits, but the material feels thin and already shows wear.',
      'Does the job, though it looks and feels cheaper than in the photos.',
      'The fit is a little off, so it wobbles.',
    ],
    3: [
      'Fits fine and feels solid enough; the finish is plain.',
      'Okay accessory for the price. Nothing special.',
      'Does what it should, though the material could be sturdier.',
    ],
    4: [
      'A snug fit and sturdy material. Only the colour is a touch different.',
      'Well made and fits my device perfectly.',
      'Solid and neat. I use it every day.',
    ],
    5: [
      'Perfect fit and beautifully made. Feels premium.',
      'Exactly what I needed: sturdy, precise and good looking.',
      'Excellent quality; it feels like it came with my device.',
    ],
  },
  clothing: {
    1: [
      'The fabric pilled after one wash and the seams came apart.',
      'The size is way off and the material feels scratchy. Sent it back.',
      'Shrank badly in the first wash and the colour ran.',
    ],
    2: [
      'The fabric is thinner than expected and feels cheap.',
      'Colour faded after a few washes.',
      'Runs small and the stitching is uneven.',
    ],
    3: [
      'The fabric is fine and the fit is okay. Nothing special.',
      'Comfortable enough, although the colour is a bit different from the photo.',
      'Decent quality for the price; it wrinkles easily.',
    ],
    4: [
      'Soft fabric and a flattering fit. I only wish it came in more colours.',
      'Washes well and keeps its shape. True to size.',
      'Nicely made and comfortable to wear all day.',
    ],
    5: [
      'The fabric is lovely and the fit is perfect. I get compliments every time.',
      'Beautifully made, true to size and still like new after many washes.',
      'My favourite piece this season: soft, warm and well cut.',
    ],
  },
  footwear: {
    1: [
      'The sole came loose after two weeks and they gave me blisters.',
      'Painful from the first step and the size runs very small.',
      'Stitching split on the first walk in the rain.',
    ],
    2: [
      'They pinch at the toes and the insole is thin.',
      'Look nice but they are not comfortable for long walks.',
      'The sole is slippery on wet pavement.',
    ],
    3: [
      'Comfortable after breaking them in; the finish is average.',
      'True to size and okay for everyday wear.',
      'Decent shoes for the price, though the laces keep coming undone.',
    ],
    4: [
      'Comfortable from day one and they look great. They run slightly narrow.',
      'Good grip and a soft insole. Happy with them.',
      'Well made and easy to walk in all day.',
    ],
    5: [
      'So comfortable I could walk in them all day. Perfect fit.',
      'Beautiful, sturdy and comfortable straight out of the box.',
      'Best shoes I have bought in years: great grip and no blisters.',
    ],
  },
  kitchen: {
    1: [
      'Cheaply made: it was damaged within two weeks of kitchen use.',
      'The finish started peeling after a few uses. Returned it.',
      'Hard to clean and it already looks worn out.',
    ],
    2: [
      'Works, but it is awkward to clean and feels flimsy.',
      'The finish marks easily and it is smaller than I expected.',
      'Fiddly to use. It stays in the cupboard more than I hoped.',
    ],
    3: [
      'Does the job in the kitchen; cleaning it takes a while.',
      'Fine for everyday cooking, nothing special.',
      'Looks nice on the counter, works as expected.',
    ],
    4: [
      'Used it every day for a month and it works well. Easy to clean too.',
      'Sturdy and looks great in the kitchen.',
      'Does its job well. It is a little heavier than expected.',
    ],
    5: [
      'Use it every morning and love it. Easy to clean and looks great.',
      'The best thing in my kitchen: solid, quick and simple.',
      'Excellent quality, our whole family uses it daily.',
    ],
  },
  lighting: {
    1: [
      'The lamp flickers and the switch broke within a week.',
      'Arrived with a cracked base and the light is harsh.',
      'Wobbly and the bulb socket is loose. Returned it.',
    ],
    2: [
      'The light is dimmer than I expected and the switch feels cheap.',
      'Looks nice but it is wobbly on the floor.',
      'The shade sits crooked and the cable is short.',
    ],
    3: [
      'Gives a pleasant light; the build is only average.',
      'Fine lamp for the price. Assembly took a while.',
      'Nice warm light, though it could be brighter.',
    ],
    4: [
      'Lovely warm light and it looks great in our living room.',
      'Sturdy lamp with a nice glow. The cable could be longer.',
      'Good light for reading and it looks elegant.',
    ],
    5: [
      'Beautiful lamp with a soft, even light. It makes the room.',
      'Perfect reading light and gorgeous design.',
      'Excellent build and a wonderful warm glow.',
    ],
  },
  appliance: {
    1: [
      'Loud, weak and it stopped working in the first month.',
      'Kept switching itself off. Sent it back.',
      'Flimsy, noisy and it barely makes a difference.',
    ],
    2: [
      'Works, but it is loud and the filter needs changing often.',
      'Less powerful than advertised.',
      'It struggles with anything more than a small room.',
    ],
    3: [
      'Does a fair job around the house; it is a bit noisy.',
      'Okay for small rooms. Setup was easy.',
      'Works as described, nothing more.',
    ],
    4: [
      'Quiet and effective; our home feels much cleaner.',
      'Easy to use and it runs for a good while. Maintenance is a little fiddly.',
      'Does a great job for the price.',
    ],
    5: [
      'Powerful and quiet. Our home has never been this clean.',
      'Excellent: easy to use, quiet, and it just works.',
      'Best home appliance I have bought in years.',
    ],
  },
  'home-goods': {
    1: [
      'Looked nothing like the photos and felt cheap.',
      'Arrived damaged and the quality is poor.',
      'Disappointing from the first use. Returned it.',
    ],
    2: [
      'Nice idea, but the quality is disappointing.',
      'Smaller and thinner than I expected.',
      'Pleasant enough, but it did not last.',
    ],
    3: [
      'Nice enough for the price, nothing special.',
      'Looks fine at home, the quality is average.',
      'Okay, though the colour is slightly different from the photo.',
    ],
    4: [
      'Lovely quality and it looks great at home.',
      'Nicely packed and a thoughtful gift.',
      'Pretty and well made.',
    ],
    5: [
      'Gorgeous quality. It makes our home feel cosy.',
      'Bought it as a gift and they adored it.',
      'Beautiful and lasts well. I have ordered another set.',
    ],
  },
  watch: {
    1: [
      'The watch loses minutes every day and the strap broke.',
      'The crystal scratched in a week and the clasp will not close.',
      'Stopped working after a month. Very disappointed.',
    ],
    2: [
      'Looks good, but the watch runs fast and the strap is stiff.',
      'The face is hard to read in low light.',
      'The finish is less refined than the photos suggest.',
    ],
    3: [
      'Keeps good time; the strap is only average.',
      'A fair watch for the price. The clasp is a bit fiddly.',
      'Nice design, though it is heavier than I expected.',
    ],
    4: [
      'Keeps time perfectly and looks elegant. The strap needed a few days to soften.',
      'A handsome watch that goes with everything.',
      'A well finished face and a comfortable strap.',
    ],
    5: [
      'A beautiful watch: accurate, comfortable and stunning on the wrist.',
      'The finish is superb and it keeps perfect time.',
      'I wear it every day and still admire it.',
    ],
  },
  wearable: {
    1: [
      'The tracker loses connection constantly and the step count is way off.',
      'Battery dies within a day and the strap gave me a rash.',
      'The heart rate readings are nonsense. Returned it.',
    ],
    2: [
      'The app is clunky and it often misses my workouts.',
      'Battery life is half what was promised.',
      'Screen is hard to read in sunlight.',
    ],
    3: [
      'Tracks steps and sleep reasonably well; the app is basic.',
      'Fine for notifications, the battery is average.',
      'Does the basics. GPS takes a while to lock.',
    ],
    4: [
      'Accurate tracking and the battery lasts several days.',
      'Comfortable to wear at night and the workouts sync fast.',
      'Great value tracker. A few more watch faces would be nice.',
    ],
    5: [
      'Tracks everything accurately and the battery lasts a week. Love it.',
      'Comfortable, bright screen and spot-on heart rate. Superb.',
      'Motivates me every day. Best fitness gadget I have owned.',
    ],
  },
  seating: {
    1: [
      'Uncomfortable from day one and a leg came loose.',
      'The seat lost its shape within a week. Returned it.',
      'Wobbly, and the seat started to come apart.',
    ],
    2: [
      'The seat is hard and the finish marks easily.',
      'Assembly was a pain and it creaks when you sit down.',
      'Looks nice but it is not comfortable for long.',
    ],
    3: [
      'Comfortable enough for short sits; the seat is firm.',
      'Fine seat for the price. Assembly took an hour.',
      'Looks good, though the seat is darker than shown.',
    ],
    4: [
      'Very comfortable and sturdy. The seat could be a little softer.',
      'Lovely to sit on and easy to put together.',
      'Comfortable, solid and the finish feels good.',
    ],
    5: [
      "So comfortable. It is everyone's favourite seat now.",
      'Sturdy, beautiful and wonderfully comfortable.',
      'Excellent comfort and quality. It looks even better in person.',
    ],
  },
  sleep: {
    1: [
      'Sagged within a month and I wake up with a sore back.',
      'Creaks every time I move and a slat snapped.',
      'Strong chemical smell that never went away. Returned it.',
    ],
    2: [
      'Too firm for me and it sleeps hot.',
      'It squeaks at night and feels cheap.',
      'Fine at first, but it already dips in the middle.',
    ],
    3: [
      'Comfortable enough; it took a couple of weeks to get used to.',
      'Solid, though it took a while to set up.',
      'Average comfort for the price.',
    ],
    4: [
      'I sleep much better now. Slightly firmer than expected.',
      'Solid and silent, and it looks great in the bedroom.',
      'Comfortable and well made. Delivery was quick.',
    ],
    5: [
      'Best sleep I have had in years. Highly recommend.',
      'Rock solid, silent and beautiful. Our bedroom looks new.',
      'Wonderfully comfortable; no more back ache.',
    ],
  },
  furniture: {
    1: [
      'Arrived with a split panel and the holes did not line up.',
      'Wobbly even after tightening every screw. Returned it.',
      'The surface scratched straight away and a corner chipped.',
    ],
    2: [
      'Assembly was frustrating and it is not very sturdy.',
      'The finish is uneven and marks easily.',
      'Smaller than I expected and it wobbles a little.',
    ],
    3: [
      'Sturdy enough, but assembly took longer than it should.',
      'Looks fine; the finish is only average.',
      'Decent piece for the price.',
    ],
    4: [
      'Solid and good looking. Assembly took an hour.',
      'Sturdy, well finished and it fits the room nicely.',
      'Very happy with it. Only a small scuff on one edge.',
    ],
    5: [
      'Beautiful, rock solid and easy to assemble.',
      'The finish is gorgeous and it feels built to last.',
      'Exactly the piece our room needed. Superb quality.',
    ],
  },
  toy: {
    1: [
      'Broke within the first hour of play. My kid was in tears.',
      'Pieces were missing and the rest feels flimsy.',
      'Poorly made toy with sharp edges. Returned it.',
    ],
    2: [
      'My kids lost interest after a day and it already looks worn.',
      'Fiddly to set up and some parts do not fit well.',
      'Fun for a while, but it is not very sturdy.',
    ],
    3: [
      'The kids enjoy it now and then; the quality is average.',
      'Fun enough for the price. Some parts are a bit small.',
      'Okay toy; setup needs an adult.',
    ],
    4: [
      'My kids play with it every day. Sturdy and fun.',
      'Great toy for the price, only the box was a bit battered.',
      'Keeps the children busy for hours.',
    ],
    5: [
      'The kids absolutely love it and it is built to last.',
      'Best toy we have bought: hours of play every weekend.',
      'A perfect gift. Our daughter has not put it down.',
    ],
  },
  drone: {
    1: [
      'The drone drifted into a tree on its first flight and will not connect since.',
      'Flight time is a few minutes and the camera footage is unusable.',
      'Lost signal at ten metres. Returned it.',
    ],
    2: [
      'Hard to keep steady in any wind and the battery runs out fast.',
      'The video is jittery and the app crashes.',
      'Fun, but the propellers break too easily.',
    ],
    3: [
      'Flies well on calm days; the camera is only okay.',
      'A fair drone for learning. Flight time is short.',
      'Stable enough, though the app is confusing.',
    ],
    4: [
      'Stable in the air and the footage is smooth. I would like a spare battery.',
      'Easy to fly and the camera is surprisingly good.',
      'Great fun to fly and it handles a breeze well.',
    ],
    5: [
      'Rock steady in flight and the aerial footage is stunning.',
      'So easy to fly, and the camera is superb.',
      'Best gadget I have bought this year. Flies beautifully.',
    ],
  },
  audio: {
    1: [
      'The sound is muddy and it cut out within a week.',
      'Constant crackling and a loud hiss. Returned it.',
      'Tinny sound with no bass at all. Very disappointed.',
    ],
    2: [
      'The bass is boomy and the highs are harsh.',
      'There is a faint hum and the sound is flat.',
      'Sounds okay at low volume but distorts when turned up.',
    ],
    3: [
      'The sound is decent for the price, a little thin in the bass.',
      'Easy to set up; the audio is fine but not special.',
      'Good enough sound for podcasts, average for music.',
    ],
    4: [
      'Rich sound with clear vocals. The controls take some getting used to.',
      'Great audio for the price and easy to set up.',
      'Punchy bass and crisp highs. Very happy.',
    ],
    5: [
      'The sound is incredible: deep bass, crystal clear highs.',
      'Best audio I have owned. I hear details I never noticed.',
      'Superb sound and solid build. Highly recommend.',
    ],
  },
  camera: {
    1: [
      'The autofocus hunts constantly and the photos are blurry.',
      'It froze and lost everything it had recorded.',
      'Noisy pictures even in daylight. Returned it.',
    ],
    2: [
      'Colours look off in most photos and the menus are confusing.',
      'Picture quality is fine, but the battery dies quickly.',
      'Low light photos are very grainy.',
    ],
    3: [
      'Good pictures in daylight, average in low light.',
      'Does the job; the menus are clunky.',
      'Fair image quality for the price.',
    ],
    4: [
      'Sharp pictures and quick focus. The battery could last longer.',
      'Great image quality and easy to set up.',
      'Colours come out beautifully. Very happy with it.',
    ],
    5: [
      'Stunning image quality. My photos have never looked better.',
      'Fast focus, sharp pictures and a joy to use.',
      'Superb camera: beautiful colours even in dim light.',
    ],
  },
  'photo-gear': {
    1: [
      'Arrived with loose parts and my shots came out soft.',
      'Poorly made; it wobbled and ruined my pictures.',
      'Does not mount properly on my camera. Returned it.',
    ],
    2: [
      'Heavier than expected and the locks feel cheap.',
      'Works, but my pictures are not noticeably better.',
      'The build feels plasticky for the price.',
    ],
    3: [
      'Solid enough for casual shooting. Nothing special.',
      'Decent kit for the money; a little heavy to carry.',
      'Does the job for my photos.',
    ],
    4: [
      'Well built and my shots are noticeably sharper.',
      'Sturdy, smooth and light enough to carry on trips.',
      'A great upgrade for my photography.',
    ],
    5: [
      'Superb build and my pictures are razor sharp now.',
      'Smooth, solid and a joy to use on every shoot.',
      'The best photo gear I have bought. Worth every penny.',
    ],
  },
  book: {
    1: [
      'Could not get past the first chapters. Dull and badly edited.',
      'The binding fell apart while I was reading it.',
      'Full of typos and the story goes nowhere.',
    ],
    2: [
      'A slow read; the writing never grabbed me.',
      'Some good ideas, but the book drags in the middle.',
      'The print is small and the pages are thin.',
    ],
    3: [
      'An okay read. Some chapters are great, some forgettable.',
      'Worth reading once; I will not reread it.',
      'Nicely printed, though the content is uneven.',
    ],
    4: [
      'A really enjoyable read. The ending felt a little rushed.',
      'Well written and beautifully printed.',
      'I read it in two evenings. Recommended.',
    ],
    5: [
      'Could not put this book down. A wonderful read.',
      'Beautifully written; I have already recommended it to friends.',
      'One of the best books I have read this year.',
    ],
  },
  'travel-gear': {
    1: [
      'Broke on my first trip. Very disappointed.',
      'A part failed within days and it feels cheap.',
      'Scratched and dented in the first week. Returned it.',
    ],
    2: [
      'Useful, but heavier and bulkier than I expected.',
      'The finish wore off quickly on the road.',
      'Does the job, just not very well.',
    ],
    3: [
      'Handy for trips; the quality is average.',
      'Does what it should. Nothing special.',
      'Fine for the price, a bit bulky.',
    ],
    4: [
      'Came with me on every trip this summer and held up well.',
      'Well made and handy. Slightly heavier than expected.',
      'Sturdy and practical. Happy with it.',
    ],
    5: [
      'Goes everywhere with me. Tough, light and beautifully made.',
      'Perfect travel companion. I bought a second one as a gift.',
      'Brilliant quality; it has survived everything I threw at it.',
    ],
  },
} as const satisfies Record<string, Lines>

export type ReviewTopic = keyof typeof REVIEW_TOPICS

/** Which topic a shopper writes about for each kind of product. */
export const TOPIC_OF_KIND: Readonly<Record<ProductKind, ReviewTopic>> = {
  smartphone: 'phone',
  'foldable-phone': 'phone',
  'flip-phone': 'phone',
  'phone-case': 'device-accessory',
  laptop: 'laptop',
  'laptop-stand': 'device-accessory',
  'laptop-sleeve': 'device-accessory',
  watch: 'watch',
  smartwatch: 'wearable',
  'fitness-band': 'wearable',
  'digital-watch': 'watch',
  'watch-strap': 'device-accessory',
  'power-bank': 'travel-gear',
  headphones: 'audio',
  earbuds: 'audio',
  'portable-speaker': 'audio',
  'tower-speakers': 'audio',
  'bookshelf-speakers': 'audio',
  soundbar: 'audio',
  turntable: 'audio',
  microphone: 'audio',
  'mirrorless-camera': 'camera',
  'dslr-camera': 'camera',
  'camera-lens': 'photo-gear',
  'action-camera': 'camera',
  'instant-camera': 'camera',
  'compact-camera': 'camera',
  drone: 'drone',
  'security-camera': 'camera',
  tripod: 'photo-gear',
  kettle: 'kitchen',
  toaster: 'kitchen',
  'floor-lamp': 'lighting',
  'table-lamp': 'lighting',
  'desk-lamp': 'lighting',
  'coffee-maker': 'kitchen',
  'espresso-machine': 'kitchen',
  'stick-vacuum': 'appliance',
  'robot-vacuum': 'appliance',
  cookware: 'kitchen',
  'air-purifier': 'appliance',
  towels: 'home-goods',
  'cutting-board': 'kitchen',
  sofa: 'seating',
  armchair: 'seating',
  'dining-table': 'furniture',
  'dining-chair': 'seating',
  'bar-stool': 'seating',
  'office-chair': 'seating',
  'standing-desk': 'furniture',
  bookcase: 'furniture',
  nightstand: 'furniture',
  bed: 'sleep',
  mattress: 'sleep',
  'coffee-table': 'furniture',
  'side-table': 'furniture',
  't-shirt': 'clothing',
  shirt: 'clothing',
  blouse: 'clothing',
  sweater: 'clothing',
  jacket: 'clothing',
  coat: 'clothing',
  trousers: 'clothing',
  skirt: 'clothing',
  dress: 'clothing',
  boots: 'footwear',
  sneakers: 'footwear',
  scarf: 'clothing',
  socks: 'clothing',
  'building-bricks': 'toy',
  'toy-car': 'toy',
  'teddy-bear': 'toy',
  'plush-bunny': 'toy',
  'jigsaw-puzzle': 'toy',
  'stacking-toy': 'toy',
  'toy-train': 'toy',
  telescope: 'toy',
  'board-game': 'toy',
  'craft-kit': 'toy',
  'dart-blaster': 'toy',
  book: 'book',
  backpack: 'travel-gear',
  'water-bottle': 'travel-gear',
  candles: 'home-goods',
  'multi-tool': 'travel-gear',
  'tote-bags': 'travel-gear',
  compass: 'travel-gear',
}

/** Said of any purchase (delivery, value), so they can follow any topic line of the same tone. */
export const CLOSING_LINES: Lines = {
  1: ['Would not recommend.', 'The refund took weeks.', 'Save your money.'],
  2: ['I would not buy it again.', 'Expected more for the price.', 'Disappointing overall.'],
  3: ['Delivery was on time.', 'Fair value.', 'I might look elsewhere next time.'],
  4: ['Arrived earlier than expected.', 'Good value for money.', 'Would buy again.'],
  5: ['Fast delivery too.', 'Highly recommend.', 'Already ordered another one as a gift.'],
}

/** A comment for a product of this kind and this many stars: a topic line, sometimes closed off. */
export function reviewComment(kind: ProductKind, stars: Stars, random: Random): string {
  const line = random.pick(REVIEW_TOPICS[TOPIC_OF_KIND[kind]][stars])
  return random.next() < 0.4 ? `${line} ${random.pick(CLOSING_LINES[stars])}` : line
}
