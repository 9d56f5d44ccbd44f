import type { ToastPosition } from 'react-hot-toast'

// docs/product.md "The shell: top bar, menu, footer, toasts": the storefront shows toasts
// 5000 ms at the top right; the account and admin areas 1500 ms at the bottom centre, at most
// two at once.
export const TOAST_SETTINGS = {
  storefront: { position: 'top-right', duration: 5000, limit: Infinity },
  account: { position: 'bottom-center', duration: 1500, limit: 2 },
} as const satisfies Record<string, { position: ToastPosition; duration: number; limit: number }>

export type ToastArea = keyof typeof TOAST_SETTINGS
