import { getImageProps, type ImageProps } from 'next/image'
import { preload as preloadResource } from 'react-dom'

type ServerImageProps = Omit<
  ImageProps,
  'placeholder' | 'blurDataURL' | 'onLoad' | 'onLoadingComplete' | 'onError' | 'priority'
>

/**
 * Next's image (the same optimizer URLs, srcset, sizes and styles, and with `preload` the same
 * preload link in the head) as a plain `<img>` in the server's HTML. Next's `Image` is a client
 * component, hydrated on every page it is on for behaviour a picture rendered by the server never
 * uses (its load and error handlers, the blur placeholder); a catalog page held 8 or more of them.
 */
export function ServerImage({ preload = false, ...props }: ServerImageProps) {
  const { props: img } = getImageProps({ ...props, preload })
  const { alt, ...rest } = img
  if (preload && img.src) {
    preloadResource(img.src, {
      as: 'image',
      imageSrcSet: img.srcSet,
      imageSizes: img.sizes,
      fetchPriority: img.fetchPriority,
    })
  }
  // eslint-disable-next-line @next/next/no-img-element -- next/image's own output, without its island
  return <img alt={alt} {...rest} />
}
