import Image from 'next/image'
import { UserIcon } from './icons'

const SIZES = { 36: 'size-9', 48: 'size-12' } as const

/** A person's picture, or a neutral silhouette when they have none; `alt` names it either way. */
export function Avatar({ url, alt, size }: { url: string; alt: string; size: keyof typeof SIZES }) {
  const box = SIZES[size]
  if (url) {
    return (
      <Image src={url} alt={alt} width={size} height={size} className={`${box} object-cover`} />
    )
  }
  return (
    <span className={`flex ${box} items-center justify-center bg-brand-600 text-white`}>
      <UserIcon className={size === 36 ? 'size-5' : 'size-6'} />
      <span className="sr-only">{alt}</span>
    </span>
  )
}
