'use client'
import { useState, type FormEvent } from 'react'
import { SearchIcon } from '@/components/ui/icons'
import { useShopNavigate } from '@/lib/products/use-shop-navigate'

/** The top bar's search: a keyword goes to /products/{keyword}, an empty one to /products. */
export function SearchBox() {
  const navigate = useShopNavigate()
  const [value, setValue] = useState('')

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const keyword = value.trim()
    setValue('')
    // docs/product.md "The shell: top bar, menu, footer, toasts" (Search box): submitting sets
    // the keyword filter and page 1, by showing /products/{keyword} (the product store follows
    // the URL there).
    navigate(keyword ? `/products/${encodeURIComponent(keyword)}` : '/products', 'list')
  }

  return (
    // Before hydration, or with no JavaScript, the browser sends /products?keyword=…, which
    // proxy.ts redirects to /products/{keyword}.
    <form
      role="search"
      action="/products"
      onSubmit={submit}
      className="flex w-full max-w-xl items-center"
    >
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        id="site-search"
        type="search"
        name="keyword"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Search product"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        className="h-10 w-full min-w-0 rounded-l-md border-0 bg-white px-3 text-sm text-ink placeholder:text-slate-500 focus-visible:outline-byte-cyan"
      />
      <button
        type="submit"
        className="flex h-10 items-center rounded-r-md bg-byte-cyan px-3 text-byte-night hover:bg-cyan-300"
        aria-label="Search"
      >
        <SearchIcon className="size-5" />
      </button>
    </form>
  )
}
