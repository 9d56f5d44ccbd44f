'use client'
import dynamic from 'next/dynamic'

// The toaster arrives after the page is interactive: no page shows a toast before that, and
// toasts raised meanwhile wait in react-hot-toast's store until it mounts.
export const AreaToaster = dynamic(() => import('./area-toaster-view'), { ssr: false })
