import Link from 'next/link'
import { ChipIcon } from '@/components/ui/icons'
import { SITE } from '@/lib/site'

export function Logo({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <Link
      href="/"
      className={`inline-flex shrink-0 items-center gap-2 rounded-md text-lg font-extrabold tracking-tight ${
        tone === 'light' ? 'text-white' : 'text-ink'
      }`}
    >
      <ChipIcon className="size-7 text-byte-cyan" />
      <span>
        Byte<span className={tone === 'light' ? 'text-byte-cyan' : 'text-brand-700'}>Shop</span>
      </span>
      <span className="sr-only">{SITE.name} home</span>
    </Link>
  )
}
