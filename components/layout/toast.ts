import type hotToast from 'react-hot-toast'

// react-hot-toast's `toast`, loaded when the first toast is raised rather than with the page
// (it is about 5 kB, and the product page's first load has no toast to show). It comes from
// the toaster's own chunk, so the code arrives once. Ids are chosen here, so that callers
// still get one at once (to dismiss the toast later).

type Message = Parameters<typeof hotToast>[0]
type Options = Parameters<typeof hotToast>[1]
type Kind = 'success' | 'error' | 'loading' | 'custom'

/** Raised with every toast, so that a toaster that is not there yet comes (area-toaster.tsx). */
export const TOAST_EVENT = 'shop:toast'

const load = () => import('./area-toaster-view').then((m) => m.toast)
let last = 0
let raised = false

/**
 * Whether this page has raised a toast. A toaster that mounts later (the storefront's, after
 * 'Login successfully' and the way home) then comes at once: the event went before it listened.
 */
export const toastRaised = () => raised

function show(kind: Kind | undefined, message: Message, options?: Options): string {
  const id = options?.id ?? `shop-${++last}`
  raised = true
  window.dispatchEvent(new Event(TOAST_EVENT))
  void load().then((t) => (kind ? t[kind] : t)(message, { ...options, id }))
  return id
}

export const toast = Object.assign(
  (message: Message, options?: Options) => show(undefined, message, options),
  {
    success: (message: Message, options?: Options) => show('success', message, options),
    error: (message: Message, options?: Options) => show('error', message, options),
    loading: (message: Message, options?: Options) => show('loading', message, options),
    custom: (message: Message, options?: Options) => show('custom', message, options),
    dismiss: (id?: string) => void load().then((t) => t.dismiss(id)),
    remove: (id?: string) => void load().then((t) => t.remove(id)),
  },
)
