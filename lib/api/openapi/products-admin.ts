import 'server-only'
import { CATEGORIES } from '@/lib/catalog'
import { ADMIN_PRODUCT_SORTS, MAX_PRODUCT_IMAGES } from '@/lib/products/constants'
import { STOCK_FILTERS } from '@/lib/products/list-admin-products'
import { ProductInputSchema } from '@/lib/products/schemas'
import { z } from '@/lib/zod'
import { domain, type FileField } from './describe'
import { listParams } from './params'
import { ok, okMessage, paging, Product, ProductDetail } from './shapes'

// GET /admin/products, POST /admin/product/new, PUT and DELETE /admin/product/{id}
// (docs/api.md#admin-products).

const images = (required: boolean): FileField => ({
  name: 'images',
  description: `JPEG, PNG or WebP, at most 5 MB and 25 megapixels each (also sent as images[])${
    required ? '' : '; when sent they replace the set'
  }`,
  max: MAX_PRODUCT_IMAGES,
  required,
})

export const adminProductDocs = domain({
  tag: { name: 'Admin: products', description: 'The catalog as admins change it' },
  paths: {
    '/admin/products': {
      GET: {
        summary: 'Every product for sale, or one page of them',
        description: '`format=csv` downloads every match as CSV (page and limit ignored).',
        access: 'admin',
        query: listParams(ADMIN_PRODUCT_SORTS, { sort: 'createdAt', dir: 'desc' }).extend({
          category: z
            .string()
            .optional()
            .describe(`One of ${CATEGORIES.join(', ')} (any letter case)`),
          stock: z.enum(STOCK_FILTERS).optional().describe('out: 0 or less; low: 5 or less'),
          format: z.string().optional().describe('csv: a CSV download; other values are ignored'),
        }),
        responses: {
          200: {
            description: 'The products (or the CSV file)',
            schema: ok({ products: z.array(Product), ...paging }),
            csv: true,
          },
        },
      },
    },
    '/admin/product/new': {
      POST: {
        summary: 'Add a product with 1 to 8 images',
        description: 'A multipart form: a JSON body carries no images and cannot create a product.',
        access: 'admin',
        body: { schema: ProductInputSchema, files: [images(true)] },
        rateLimits: ['productImagesPerUser', 'productImagesPerAddress'],
        responses: { 201: { description: 'Added', schema: ok({ product: ProductDetail }) } },
      },
    },
    '/admin/product/[id]': {
      PUT: {
        summary: 'Change a product',
        description: 'A form, or JSON for a change without pictures.',
        access: 'admin',
        pathParams: { id: "The product's id" },
        body: { schema: ProductInputSchema, files: [images(false)] },
        rateLimits: ['productImagesPerUser', 'productImagesPerAddress'],
        responses: {
          200: { description: 'Changed', schema: ok({ product: ProductDetail }) },
          404: { description: "'Product not found'" },
        },
      },
      DELETE: {
        summary: 'Take a product off sale',
        description: 'Past orders keep their copies and the image files they show.',
        access: 'admin',
        pathParams: { id: "The product's id" },
        responses: {
          200: { description: 'Archived', schema: okMessage('Product deleted') },
          404: { description: "'Product not found'" },
        },
      },
    },
  },
})
