'use client'
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons'
import Image from 'next/image'
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
} from 'react'
import type { CarouselApi } from './carousel-engine'

type CarouselImage = { url: string; public_id: string }
type ImageCarouselProps = { images: CarouselImage[]; name: string }

// Autoplay every 2000 ms (docs/product.md "Rules, limits and constants"); it stops on
// interaction (docs/product.md "Product details").
const AUTOPLAY_DELAY_MS = 2000
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
// The image column: the full width on phones, half of the shop's 80rem from md up.
export const CAROUSEL_SIZES = '(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw'

const SLIDE_BOX = 'relative aspect-square overflow-hidden rounded-xl bg-slate-100'

const ARROW =
  'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full ' +
  'bg-white/90 text-ink shadow-md hover:bg-white'

const altText = (name: string, i: number, n: number) => `${name} – image ${i + 1} of ${n}`

const reducedMotion = () => window.matchMedia(REDUCED_MOTION).matches

/** The product's images: a carousel when there are several, the image alone when there is one. */
export function ImageCarousel({ images, name }: ImageCarouselProps) {
  const first = images[0]
  if (!first) {
    return (
      <div className={`${SLIDE_BOX} flex items-center justify-center`}>
        <p className="text-ink-muted">No image available</p>
      </div>
    )
  }
  if (images.length === 1) {
    return (
      <div role="region" aria-label={`${name} images`} className={SLIDE_BOX}>
        <Image
          src={first.url}
          alt={altText(name, 0, 1)}
          fill
          sizes={CAROUSEL_SIZES}
          preload
          fetchPriority="high"
          className="object-cover"
        />
      </div>
    )
  }
  return <Carousel images={images} name={name} />
}

function scroll(api: CarouselApi, { target, jump }: Pending) {
  if (target === 'prev') api.scrollPrev(jump)
  else if (target === 'next') api.scrollNext(jump)
  else api.scrollTo(target, jump)
}

type Engine = ComponentType<{ viewport: HTMLElement; onReady: (api: CarouselApi) => void }>
type Target = 'prev' | 'next' | number
// What to do once embla is there: a control's move (at once) or autoplay's step (animated).
type Pending = { target: Target; jump: boolean }

function Carousel({ images, name }: ImageCarouselProps) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null)
  // embla (about half of this page's own script) comes when the carousel first has to move:
  // until then the first slide is simply shown, as the server drew it.
  const [Engine, setEngine] = useState<Engine>()
  const [api, setApi] = useState<CarouselApi>()
  const pending = useRef<Pending | undefined>(undefined)
  // Autoplay in a few lines rather than embla's plugin (less JavaScript on the product page): it
  // stops for good on any interaction, and never starts for reduced motion.
  const [playing, setPlaying] = useState(true)
  const [selected, setSelected] = useState(0)
  const count = images.length

  const loadEngine = useCallback(() => {
    void import('./carousel-engine').then(({ default: loaded }) => setEngine(() => loaded))
  }, [])

  const onReady = useCallback((ready: CarouselApi) => {
    setApi(ready)
    const move = pending.current
    pending.current = undefined
    if (move) scroll(ready, move)
    // Its 'select' listener is not on yet (the effect below runs after this render).
    setSelected(ready.selectedScrollSnap())
  }, [])

  // Autoplay holds still while no part of the carousel is on screen (the shopper scrolled on to
  // the details or the reviews) or the tab is hidden: nobody would see it move, and each move is
  // more than a second of animation frames for the phone.
  const region = useRef<HTMLDivElement>(null)
  const inView = useRef(true)
  useEffect(() => {
    const node = region.current
    if (!node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) inView.current = entry.isIntersecting
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    if (!playing || reducedMotion()) return
    const timer = setInterval(() => {
      if (!inView.current || document.hidden) return
      if (api) return api.scrollNext()
      // The first step: embla comes now (if nothing has brought it yet) and makes the move.
      pending.current ??= { target: 'next', jump: false }
      loadEngine()
    }, AUTOPLAY_DELAY_MS)
    const stop = () => setPlaying(false)
    api?.on('pointerDown', stop)
    return () => {
      clearInterval(timer)
      api?.off('pointerDown', stop)
    }
  }, [api, playing, loadEngine])

  useEffect(() => {
    if (!api) return
    const onSelect = () => setSelected(api.selectedScrollSnap())
    api.on('select', onSelect).on('reInit', onSelect)
    return () => {
      api.off('select', onSelect).off('reInit', onSelect)
    }
  }, [api])

  // Every control counts as interaction: autoplay stops for good, as a drag stops it.
  function go(target: Target) {
    setPlaying(false)
    const move = { target, jump: reducedMotion() }
    if (api) return scroll(api, move)
    // Pressed before embla was there: done as soon as it is.
    pending.current = move
    loadEngine()
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') go('prev')
    else if (event.key === 'ArrowRight') go('next')
    else return
    event.preventDefault()
  }

  return (
    <div
      ref={region}
      role="region"
      aria-roledescription="carousel"
      aria-label={`${name} images`}
      onKeyDown={onKeyDown}
      // Keyboard users reaching the controls get a still carousel (WCAG 2.2.2).
      onFocus={() => {
        setPlaying(false)
        loadEngine()
      }}
      // A finger or a pointer on the way: embla should be there before the swipe.
      onPointerEnter={loadEngine}
      onTouchStart={loadEngine}
      className="flex flex-col gap-3"
    >
      {Engine && viewport ? <Engine viewport={viewport} onReady={onReady} /> : null}
      <div className="relative">
        {/* A whole number of CSS pixels wide: embla measures slides with offsetWidth and
            offsetLeft, which round, so a fractional width (a 1280 px window at 200% zoom with a
            scrollbar is 632.5 CSS px wide) put each slide a fraction off and showed a strip of
            its neighbour. Browsers without round() keep the full width. */}
        <div ref={setViewport} className="w-[round(down,100%,1px)] overflow-hidden rounded-xl">
          {/* touch-pan-y: vertical swipes still scroll the page; horizontal ones go to embla. */}
          <div className="flex touch-pan-y touch-pinch-zoom">
            {images.map((image, i) => (
              <div
                key={`${i}-${image.public_id}`}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                className="min-w-0 flex-[0_0_100%]"
              >
                <div className={SLIDE_BOX}>
                  <Image
                    src={image.url}
                    alt={altText(name, i, count)}
                    fill
                    sizes={CAROUSEL_SIZES}
                    // The first image is the page's largest paint (`preload` is Next 16's name
                    // for `priority`); the others load lazily.
                    preload={i === 0}
                    fetchPriority={i === 0 ? 'high' : undefined}
                    className="object-cover"
                    draggable={false}
                  />
                </div>
              </div>
            ))}
          </div>
        </div>
        <button
          type="button"
          aria-label="Previous image"
          onClick={() => go('prev')}
          className={`${ARROW} left-2`}
        >
          <ChevronLeftIcon className="size-5" />
        </button>
        <button
          type="button"
          aria-label="Next image"
          onClick={() => go('next')}
          className={`${ARROW} right-2`}
        >
          <ChevronRightIcon className="size-5" />
        </button>
      </div>
      <ul className="flex flex-wrap justify-center gap-1">
        {images.map((image, i) => (
          <li key={`${i}-${image.public_id}`}>
            <button
              type="button"
              aria-label={`Go to image ${i + 1}`}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => go(i)}
              className="group flex size-6 items-center justify-center rounded-full"
            >
              <span
                className={`block size-2.5 rounded-full transition-colors ${
                  i === selected ? 'bg-brand-600' : 'bg-slate-500 group-hover:bg-slate-600'
                }`}
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
