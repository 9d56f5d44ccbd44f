import type { Metadata } from 'next'
import Link from 'next/link'
import { ProductForm } from '@/components/admin/product-form'
import { requireAdmin } from '@/lib/auth/guards'
import { ROUTES } from '@/lib/routes'

export const metadata: Metadata = { title: 'Add new Product' }

// The add form (docs/product.md "Add product"): every field required, 1 to 8 images;
// 'New Product Added' and back to the products list.
export default async function AddProductPage() {
  await requireAdmin(ROUTES.addProduct.path)
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <Link
        href={ROUTES.manageProducts.path}
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        ← All products
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Add new Product
      </h1>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <ProductForm />
      </div>
    </div>
  )
}
