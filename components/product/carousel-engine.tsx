'use client'
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react'
import { useEffect } from 'react'

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>

/**
 * The end of a glide: embla eases towards the slide for about 1.8 s, the last second of it less
 * than a pixel away, so for that second the picture sits between device pixels and the edge
 * of its neighbour shows as a thin strip (plain to see at 200% zoom, where autoplay's 2 s left
 * it there nearly all the time). Once the slide is within a device pixel, it is put in place.
 */
function finishGlides(api: CarouselApi) {
  let dragging = false
  const down = () => (dragging = true)
  const up = () => (dragging = false)
  const onScroll = () => {
    if (dragging) return
    const index = api.selectedScrollSnap()
    const slide = api.slideNodes()[index]
    if (!slide) return
    const off = slide.getBoundingClientRect().left - api.rootNode().getBoundingClientRect().left
    if (off !== 0 && Math.abs(off) * window.devicePixelRatio < 1) api.scrollTo(index, true)
  }
  api.on('pointerDown', down).on('pointerUp', up).on('scroll', onScroll)
  return () => {
    api.off('pointerDown', down).off('pointerUp', up).off('scroll', onScroll)
  }
}

/**
 * embla, attached to a viewport the page has already drawn. Loaded on demand by
 * image-carousel.tsx when the carousel first has to move (its first autoplay step or the
 * shopper's first touch, click or key), so the product page's first load does not carry it.
 * It draws nothing: the slides are the server's markup.
 */
export default function CarouselEngine({
  viewport,
  onReady,
}: {
  viewport: HTMLElement
  onReady: (api: CarouselApi) => void
}) {
  const [attach, api] = useEmblaCarousel({ loop: true })
  useEffect(() => attach(viewport), [attach, viewport])
  useEffect(() => {
    if (!api) return
    onReady(api)
    return finishGlides(api)
  }, [api, onReady])
  return null
}
