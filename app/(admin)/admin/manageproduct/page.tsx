import type { Metadata } from 'next'
import Link from 'next/link'
import { ConfirmAction } from '@/components/admin/confirm-action'
import { CsvLink } from '@/components/admin/csv-link'
import { DataTable, type Column } from '@/components/admin/data-table'
import { ProductImport } from '@/components/admin/product-import'
import { adminProductHref, editProductHref } from '@/components/admin/product-links'
import { listHref } from '@/lib/admin/list-params'
import { requireAdmin } from '@/lib/auth/guards'
import { CATEGORIES } from '@/lib/enums'
import { formatPrice } from '@/lib/money'
import { parseAdminProductQuery } from '@/lib/products/admin-product-query'
import { listAdminProducts, LOW_STOCK } from '@/lib/products/list-admin-products'
import type { ProductJson } from '@/lib/products/product-json'
import { ROUTES } from '@/lib/routes'

export const metadata: Metadata = { title: 'Products' }

const BASE = ROUTES.manageProducts.path

// Every product for sale: id, name, stock, edit and delete (docs/product.md "Products"), with
// price beside them. Rows with no stock are red and say so. Paging, search (name or id), sort
// and the category / stock filters live in the URL, read here on the server for the admin
// re-read from the database.
export default async function ManageProductsPage({
  searchParams,
}: PageProps<'/admin/manageproduct'>) {
  const { query, paged } = parseAdminProductQuery(await searchParams, { strict: false })
  const filters = { category: query.category ?? '', stock: query.stock ?? '' }
  const state = { ...query, ...filters }
  const actor = await requireAdmin(
    paged || query.category || query.stock ? listHref(BASE, state) : BASE,
  )
  const list = await listAdminProducts({ actor, query })

  const columns: Column<ProductJson>[] = [
    {
      key: 'id',
      label: 'Product ID',
      cell: (p) => <span className="font-mono text-xs break-all text-ink-soft">{p._id}</span>,
    },
    {
      key: 'name',
      label: 'Name',
      sort: 'name',
      cell: (p) => (
        <Link
          href={adminProductHref(p._id)}
          prefetch={false}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {p.name}
        </Link>
      ),
    },
    {
      key: 'stock',
      label: 'Stock',
      sort: 'stock',
      align: 'right',
      cell: (p) => (
        <span className="inline-flex items-center justify-end gap-2 whitespace-nowrap">
          {p.stock}
          {p.stock <= 0 && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
              Out of stock
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'price',
      label: 'Price',
      sort: 'price',
      align: 'right',
      cell: (p) => <span className="whitespace-nowrap">{formatPrice(p.price)}</span>,
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      cell: (p) => (
        <span className="inline-flex justify-end gap-2">
          <Link
            href={editProductHref(p._id)}
            prefetch={false}
            aria-label={`Edit ${p.name}`}
            className="inline-flex items-center rounded-md border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Edit
          </Link>
          <ConfirmAction
            label="Delete"
            ariaLabel={`Delete ${p.name}`}
            title="Delete this product?"
            description={
              <p>
                <strong className="text-ink">{p.name}</strong> leaves the shop and every cart at
                once. Past orders keep their own copy of it.
              </p>
            }
            method="DELETE"
            url={`/api/v1/admin/product/${p._id}`}
            successText="Product deleted"
          />
        </span>
      ),
    },
  ]

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Products</h1>
      <p className="mt-1 text-ink-muted">
        {list.total} {list.total === 1 ? 'product' : 'products'}
        {query.q || query.category || query.stock ? ' match' : ' for sale'}.
      </p>
      <DataTable
        id="products"
        caption="All products. Rows with no stock left are highlighted red."
        basePath={BASE}
        params={query}
        filters={filters}
        selects={[
          {
            name: 'category',
            label: 'Category',
            value: filters.category,
            options: [
              { value: '', label: 'All categories' },
              ...CATEGORIES.map((c) => ({ value: c, label: c })),
            ],
          },
          {
            name: 'stock',
            label: 'Stock',
            value: filters.stock,
            options: [
              { value: '', label: 'Any stock' },
              { value: 'out', label: 'Out of stock' },
              { value: 'low', label: `${LOW_STOCK} or fewer` },
            ],
          },
        ]}
        columns={columns}
        page={list}
        rowKey={(p) => p._id}
        rowTone={(p) => (p.stock <= 0 ? 'red' : undefined)}
        search={{ label: 'Find a product', placeholder: 'Name or product ID' }}
        noun={{ one: 'product', many: 'products' }}
        emptyText="No products match."
        actions={
          <>
            <Link
              href={ROUTES.addProduct.path}
              className="inline-flex h-10 items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Add new Product
            </Link>
            <CsvLink apiPath="/api/v1/admin/products" query={state} />
            <ProductImport />
          </>
        }
      />
    </div>
  )
}
