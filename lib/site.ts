// Who runs this shop. A shop owner edits these lines; nothing else in the code names them.
export const SITE = {
  name: 'ByteShop',
  tagline: 'Electronics and everyday goods, one byte at a time.',
  contactEmail: 'hello@byteshop.dev',
  repository: 'https://github.com/byteshop-dev/byteshop',
  // Static files in public/.
  logo: '/logo.svg',
  socialImage: { url: '/og-image.png', width: 1200, height: 630, alt: 'ByteShop' },
  social: [
    { name: 'GitHub', href: 'https://github.com/byteshop-dev', icon: 'github' },
    { name: 'X', href: 'https://x.com/byteshopdev', icon: 'x' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/byteshop-dev', icon: 'linkedin' },
    { name: 'Instagram', href: 'https://www.instagram.com/byteshop.dev', icon: 'instagram' },
  ],
} as const

export type SocialIcon = (typeof SITE.social)[number]['icon']
