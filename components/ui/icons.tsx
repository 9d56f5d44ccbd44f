import type { SVGProps } from 'react'

// Inline icons: no icon font, no extra request, no layout shift. Decorative by default.
type IconProps = SVGProps<SVGSVGElement>

/** The frame every line icon shares: 24×24, stroked in the text colour, hidden from AT. */
export function IconSvg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

export const MenuIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </IconSvg>
)

export const ChevronLeftIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M15 5l-7 7 7 7" />
  </IconSvg>
)

export const ChevronRightIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M9 5l7 7-7 7" />
  </IconSvg>
)

export const FilterIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M3 5h18l-7 8v6l-4 2v-8z" />
  </IconSvg>
)

export const ArrowDownIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </IconSvg>
)

export const CloseIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </IconSvg>
)

export const SearchIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </IconSvg>
)

export const UserIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </IconSvg>
)

export const MailIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </IconSvg>
)

export const HomeIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />
  </IconSvg>
)

export const GridIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <rect x="14" y="14" width="7" height="7" rx="1" />
  </IconSvg>
)

export const CartIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.5 12h12L22 7H6.2" />
  </IconSvg>
)

export const InfoIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" />
  </IconSvg>
)

export const DashboardIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 13h6V4H4zM14 20h6v-9h-6zM14 4v4h6V4zM4 20h6v-3H4z" />
  </IconSvg>
)

export const ChipIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <rect x="6" y="6" width="12" height="12" rx="2" />
    <rect x="9.5" y="9.5" width="5" height="5" rx="0.5" />
    <path d="M9 2v3M15 2v3M9 19v3M15 19v3M2 9h3M2 15h3M19 9h3M19 15h3" />
  </IconSvg>
)

const brand = (d: string) => {
  const BrandIcon = (p: IconProps) => (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...p}
    >
      <path d={d} />
    </svg>
  )
  return BrandIcon
}

export const SOCIAL_ICONS = {
  github: brand(
    'M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.6.07-.6 1 .07 1.53 1.03 1.53 1.03.9 1.53 2.35 1.09 2.92.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.65 0 0 .84-.27 2.75 1.02a9.6 9.6 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.38.2 2.4.1 2.65.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.93.36.31.68.92.68 1.85v2.74c0 .27.18.58.69.48A10 10 0 0 0 12 2z',
  ),
  x: brand(
    'M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3zm-1.08 16.2h1.7L7.4 4.73H5.58L16.67 19.2z',
  ),
  linkedin: brand(
    'M20.45 20.45h-3.55v-5.57c0-1.33-.03-3.04-1.85-3.04-1.86 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.12 2.06 2.06 0 0 1 0 4.12zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z',
  ),
  instagram: brand(
    'M12 2.2c3.2 0 3.58.01 4.85.07 3.25.15 4.77 1.69 4.92 4.92.06 1.27.07 1.65.07 4.85s-.01 3.58-.07 4.85c-.15 3.23-1.66 4.77-4.92 4.92-1.27.06-1.65.07-4.85.07s-3.58-.01-4.85-.07c-3.26-.15-4.77-1.7-4.92-4.92C2.17 15.58 2.16 15.2 2.16 12s.01-3.58.07-4.85C2.38 3.92 3.9 2.38 7.15 2.23 8.42 2.17 8.8 2.2 12 2.2zm0 3.24a6.56 6.56 0 1 0 0 13.12 6.56 6.56 0 0 0 0-13.12zm0 10.82a4.26 4.26 0 1 1 0-8.52 4.26 4.26 0 0 1 0 8.52zm6.82-12.62a1.53 1.53 0 1 0 0 3.06 1.53 1.53 0 0 0 0-3.06z',
  ),
} as const
