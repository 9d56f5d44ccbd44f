import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { SITE } from '@/lib/site'
import { siteOrigin } from '@/lib/site-url'
import './globals.css'

// A function, so that the origin is read when a page is rendered (catalog pages render on their
// first request at run time), not when the module was first loaded.
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(siteOrigin()),
    title: {
      default: `${SITE.name} – electronics and everyday goods`,
      template: `%s | ${SITE.name}`,
    },
    description: SITE.tagline,
    applicationName: SITE.name,
    openGraph: { type: 'website', siteName: SITE.name, images: [SITE.socialImage] },
    twitter: { card: 'summary_large_image' },
  }
}

export const viewport: Viewport = {
  themeColor: '#0b1220',
  width: 'device-width',
  initialScale: 1,
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col font-sans">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {children}
      </body>
    </html>
  )
}
