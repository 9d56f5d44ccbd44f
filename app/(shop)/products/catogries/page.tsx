import type { Metadata } from 'next'
import { CATEGORY_COLORS } from '@/components/catalog/category-icons'
import { CategoryGrid } from '@/components/catalog/category-grid'

export const metadata: Metadata = {
  title: 'Categories',
  description: 'Shop by category: phones, laptops, fashion, households, watches and more.',
  alternates: { canonical: '/products/catogries' },
}

export default function CategoriesPage() {
  return (
    <section className="mx-auto max-w-shop px-4 py-10">
      <h1 className="text-2xl font-bold">Categories</h1>
      <p className="mt-1 text-ink-muted">Pick a category to see everything in it.</p>
      <div className="mt-6">
        <CategoryGrid colors={[...CATEGORY_COLORS]} />
      </div>
    </section>
  )
}
