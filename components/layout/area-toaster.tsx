'use client'
import dynamic from 'next/dynamic'
import { useEffect, useState } from 'react'
import { TOAST_EVENT, toastRaised } from './toast'
import type { ToastArea } from './toast-settings'

const AreaToasterView = dynamic(() => import('./area-toaster-view'), { ssr: false })

// Storefront toasts only ever answer something the visitor did (a click on Add to Cart, a copied
// id), so the toaster's code (about 5 kB) waits for the first pointer or key press instead of
// joining every page's first load. A toast raised meanwhile waits in react-hot-toast's store
// until the toaster mounts. The account and admin areas may toast right after a redirect, so
// their toaster arrives as soon as the page is interactive. A toast raised without any input
// brings it too, and so does one raised before this toaster mounted (an account screen's toast
// just before it went home); on the server and at hydration nothing was raised yet.
const FIRST_INPUT = ['pointerdown', 'keydown', TOAST_EVENT] as const

export function AreaToaster({ area }: { area: ToastArea }) {
  const [wanted, setWanted] = useState(() => area !== 'storefront' || toastRaised())
  useEffect(() => {
    if (wanted) return
    const want = () => setWanted(true)
    const options = { capture: true, passive: true } as const
    for (const type of FIRST_INPUT) window.addEventListener(type, want, options)
    return () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, want, options)
    }
  }, [wanted])
  return wanted ? <AreaToasterView area={area} /> : null
}
