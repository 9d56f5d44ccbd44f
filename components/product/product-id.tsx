'use client'
import type { MouseEvent } from 'react'
import { toast } from '@/components/layout/toast'

async function copyId(id: string) {
  try {
    // navigator.clipboard is missing outside secure contexts; that throws here too.
    await navigator.clipboard.writeText(id)
    toast.success(`Product ID ${id} copied to clipboard!`)
  } catch {
    toast.error('Unable to copy to clipboard')
  }
}

/** The product's id as #id; a double-click (or Enter/Space on the focused button) copies it. */
export function ProductId({ id }: { id: string }) {
  function onClick(event: MouseEvent<HTMLButtonElement>) {
    // detail is 0 when the keyboard activated the button; single mouse clicks do nothing.
    if (event.detail === 0) void copyId(id)
  }

  return (
    <button
      type="button"
      title="Double-click to copy the product ID"
      onClick={onClick}
      onDoubleClick={() => void copyId(id)}
      // Keeps the double-click from also selecting the text.
      onMouseDown={(event) => {
        if (event.detail > 1) event.preventDefault()
      }}
      className="max-w-full cursor-copy truncate rounded font-mono text-sm text-ink-muted hover:text-ink"
    >
      #{id}
    </button>
  )
}
