import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ProductForm } from '@/components/admin/product-form'
import { productFormValues } from '@/components/admin/product-form-values'
import { adminProductHref, editProductHref } from '@/components/admin/product-links'
import { INPUT_CLASS } from '@/components/forms/text-field'
import { requireAdmin } from '@/lib/auth/guards'
import { getProduct } from '@/lib/products/get-product'
import { ROUTES } from '@/lib/routes'

export const metadata: Metadata = { title: 'Edit Product' }

// The edit form of the product named by `?id=` (its path has no id; docs/product.md
// "Edit product"). Without one it asks for a product id; an unknown or deleted product is a 404.
// Read straight from the database (not the storefront's cache): an admin edits what is stored.
export default async function EditProductPage({
  searchParams,
}: PageProps<'/admin/manageproduct/editproduct'>) {
  const raw = (await searchParams).id
  const id = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? ''
  await requireAdmin(id ? editProductHref(id) : ROUTES.editProduct.path)
  const product = id ? await getProduct({ id }) : null
  if (id && !product) notFound()

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <Link
        href={ROUTES.manageProducts.path}
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        ← All products
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl">Edit Product</h1>
      {product ? (
        <>
          <p className="mt-1 text-ink-muted">
            <Link
              href={adminProductHref(product._id)}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {product.name}
            </Link>{' '}
            <span className="font-mono text-xs break-all">#{product._id}</span>
          </p>
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <ProductForm product={productFormValues(product)} />
          </div>
        </>
      ) : (
        <form
          method="get"
          action={ROUTES.editProduct.path}
          className="mt-6 flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <div className="min-w-0 flex-1">
            <label htmlFor="edit-id" className="mb-1 block text-sm font-medium text-ink">
              Product ID
            </label>
            <input id="edit-id" name="id" required className={INPUT_CLASS} />
          </div>
          <button
            type="submit"
            className="inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Edit
          </button>
        </form>
      )}
    </div>
  )
}
