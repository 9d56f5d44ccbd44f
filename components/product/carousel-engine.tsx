'use client'
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react'
import { useEffect } from 'react'

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>

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
    if (api) onReady(api)
  }, [api, onReady])
  return null
}
