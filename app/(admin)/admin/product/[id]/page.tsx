import type { Metadata } from 'next'
import { ServerImage } from '@/components/ui/server-image'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ConfirmAction } from '@/components/admin/confirm-action'
import { ProductForm } from '@/components/admin/product-form'
import { productFormValues } from '@/components/admin/product-form-values'
import { adminProductHref } from '@/components/admin/product-links'
import { Stars } from '@/components/ui/stars'
import { requireAdmin } from '@/lib/auth/guards'
import { formatPrice } from '@/lib/money'
import { getProduct } from '@/lib/products/get-product'
import { countWaiting } from '@/lib/products/stock-alerts'
import { productHref, ROUTES } from '@/lib/routes'
import { reviewCount } from '@/lib/reviews/review-count'

export const metadata: Metadata = { title: 'Product' }

const created = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/**
 * The original product description's wording, kept on the admin side (docs/product.md "Notes",
 * note 2); the storefront words it differently.
 */
const adminStockLabel = (stock: number) => (stock < 1 ? 'Out of Stock' : `Only ${stock} Unit left`)

/** Shoppers who asked to be told when it is back (docs/product.md "Admin product page"). */
const waitingLabel = (n: number) =>
  n === 0
    ? 'Nobody waiting for stock'
    : `${n} ${n === 1 ? 'shopper' : 'shoppers'} waiting for stock`

// One product as the admin sees it (docs/product.md "Admin product page"): name, price, stock,
// category, created date, rating, images, description, then the edit form and delete. Read from
// the database, not the storefront's cache.
export default async function AdminProductPage({ params }: PageProps<'/admin/product/[id]'>) {
  const { id } = await params
  const admin = await requireAdmin(adminProductHref(id))
  const product = await getProduct({ id })
  if (!product) notFound()
  const out = product.stock < 1
  const waiting = await countWaiting({ actor: admin, productId: product._id })

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <Link
        href={ROUTES.manageProducts.path}
        className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        ← All products
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
            {product.name}
          </h1>
          <p className="font-mono text-xs break-all text-ink-muted">#{product._id}</p>
        </div>
        <div className="flex gap-2">
          <Link
            href={productHref(product._id)}
            prefetch={false}
            className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-ink hover:border-brand-600 hover:text-brand-700"
          >
            View in shop
          </Link>
          <ConfirmAction
            label="Delete"
            ariaLabel={`Delete ${product.name}`}
            title="Delete this product?"
            description={
              <p>
                <strong className="text-ink">{product.name}</strong> leaves the shop and every cart
                at once. Past orders keep their own copy of it.
              </p>
            }
            method="DELETE"
            url={`/api/v1/admin/product/${product._id}`}
            successText="Product deleted"
            redirectTo={ROUTES.manageProducts.path}
          />
        </div>
      </div>

      <section
        aria-labelledby="product-facts"
        className="mt-6 grid gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:grid-cols-2"
      >
        <h2 id="product-facts" className="sr-only">
          Details
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium text-ink-muted">Price</dt>
          <dd className="font-semibold text-ink">{formatPrice(product.price)}</dd>
          <dt className="font-medium text-ink-muted">Stock</dt>
          <dd className={`font-semibold ${out ? 'text-red-700' : 'text-green-700'}`}>
            {adminStockLabel(product.stock)}
          </dd>
          <dt className="font-medium text-ink-muted">Waiting</dt>
          <dd className="text-ink">{waitingLabel(waiting)}</dd>
          <dt className="font-medium text-ink-muted">Category</dt>
          <dd className="text-ink">{product.category}</dd>
          <dt className="font-medium text-ink-muted">Condition</dt>
          <dd className="text-ink">{product.itemCondition}</dd>
          <dt className="font-medium text-ink-muted">Created</dt>
          <dd className="text-ink">
            <time dateTime={product.createdAt}>{created.format(new Date(product.createdAt))}</time>
          </dd>
          <dt className="font-medium text-ink-muted">Rating</dt>
          <dd className="flex items-center gap-2 text-ink">
            <Stars rating={product.ratings} />
            <span>
              {product.ratings} ({reviewCount(product.numberOfReviews)})
            </span>
          </dd>
        </dl>
        <div>
          <h3 className="text-sm font-medium text-ink-muted">Images</h3>
          {product.images.length === 0 ? (
            <p className="mt-2 text-sm text-ink-muted">No images.</p>
          ) : (
            <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
              {product.images.map((image, i) => (
                <li key={image.public_id} className="relative aspect-square">
                  <ServerImage
                    src={image.url}
                    alt={`${product.name}, image ${i + 1}`}
                    fill
                    sizes="120px"
                    className="rounded-md border border-slate-200 object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="md:col-span-2">
          <h3 className="text-sm font-medium text-ink-muted">Description</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-ink">{product.description}</p>
        </div>
      </section>

      <section
        aria-labelledby="edit-product"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="edit-product" className="text-lg font-semibold text-ink">
          Edit Product
        </h2>
        <div className="mt-4">
          <ProductForm
            key={JSON.stringify([
              product.name,
              product.description,
              product.price,
              product.stock,
              product.category,
              product.itemCondition,
              product.images,
            ])}
            product={productFormValues(product)}
            after="refresh"
          />
        </div>
      </section>
    </div>
  )
}
