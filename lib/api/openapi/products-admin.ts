import 'server-only'
import { CATEGORIES } from '@/lib/enums'
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

const ImportAnswer = z
  .object({
    success: z.boolean(),
    dryRun: z.boolean(),
    created: z.int().min(0).describe('Rows that create a product (would, on a dry run)'),
    updated: z.int().min(0).describe('Rows that update one by id'),
    refused: z.array(z.object({ line: z.int().min(2), reason: z.string() }).strict()),
  })
  .strict()
  .meta({ id: 'ImportAnswer' })

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
    '/admin/products/import': {
      POST: {
        summary: 'Import products from a CSV (dry run first)',
        description:
          "A multipart form: `file`, a CSV in the export's columns (a row with the id of a " +
          "product updates it, a row without creates one; images as this shop's /media URLs " +
          'or empty), and `dryRun`. Every row is checked as a single save is; a refused row ' +
          'names its line (the header is line 1) and reasons. Applied in one transaction, and ' +
          'only when no row is refused. At most 10,000 rows; one import at a time.',
        access: 'admin',
        body: {
          schema: z.object({
            dryRun: z.enum(['true', 'false']).describe('true: check only, write nothing'),
          }),
          files: [{ name: 'file', description: 'The CSV (UTF-8)', max: 1, required: true }],
        },
        rateLimits: ['productImportsPerUser', 'productImportsPerAddress'],
        responses: {
          200: {
            description:
              'A dry run (success false when a row would be refused), or the import applied',
            schema: ImportAnswer,
          },
          409: { description: 'Another import is running, or a row changed meanwhile' },
          422: {
            description: "Rows were refused: '{n} rows were refused; nothing was imported'",
            schema: ImportAnswer.extend({
              success: z.literal(false),
              message: z.string(),
            }).strict(),
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
