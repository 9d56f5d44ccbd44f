import { describe, expect, it } from 'vitest'
import { MAX_PRODUCT_IMAGES } from '@/lib/products/constants'
import { UPLOAD_LIMITS } from '@/lib/storage/images'
import {
  BODY_LIMITS,
  bodyLimitFor,
  IMAGE_BYTES,
  JSON_BODY_BYTES,
  JSON_ONLY,
  LARGEST_BODY_BYTES,
  PRODUCT_IMAGES,
  IMPORT_ROWS,
  IMPORT_FILE_BYTES,
} from './body-limits.cjs'
import { API_ROUTES } from './routes'

const MB = 1024 * 1024

describe('the body limits table', () => {
  it('names only API routes that take a body', () => {
    for (const pattern of Object.keys(BODY_LIMITS)) {
      const row = API_ROUTES[pattern as keyof typeof API_ROUTES]
      expect(row, pattern).toBeDefined()
      expect(
        row.methods.some((m) => m === 'POST' || m === 'PUT'),
        pattern,
      ).toBe(true)
    }
  })

  it('keeps the image rules of the upload pipeline and the product form', () => {
    expect(IMAGE_BYTES).toBe(UPLOAD_LIMITS.bytes)
    expect(PRODUCT_IMAGES).toBe(MAX_PRODUCT_IMAGES)
  })

  it('gives the JSON cap to every path but the image endpoints', () => {
    for (const path of [
      '/api/v1/login',
      '/api/v1/cart/add',
      '/api/v1/order/new',
      '/api/v1/contactus',
      '/api/v1/password/reset/abc',
      '/api/v1/admin/product/new/extra',
      '/api/v1/Register',
      '/api/v1/admin/product/',
      '/api/health',
      '/cart/add',
      '/',
      '/register',
    ]) {
      expect(bodyLimitFor(path), path).toBe(JSON_ONLY)
    }
    expect(JSON_ONLY).toEqual({ maxBytes: JSON_BODY_BYTES, maxFiles: 0, maxFileBytes: 0 })
    expect(JSON_BODY_BYTES).toBe(100 * 1024)
  })

  it('lets the avatar and product forms carry their images and fields', () => {
    for (const path of ['/api/v1/register', '/api/v1/me/update', '/api/v1/me/update/']) {
      expect(bodyLimitFor(path), path).toEqual({
        maxBytes: 5 * MB + 64 * 1024,
        maxFiles: 1,
        maxFileBytes: 5 * MB,
      })
    }
    for (const path of ['/api/v1/admin/product/new', '/api/v1/admin/product/abc123']) {
      expect(bodyLimitFor(path), path).toEqual({
        maxBytes: 8 * 5 * MB + 64 * 1024,
        maxFiles: 8,
        maxFileBytes: 5 * MB,
      })
    }
  })

  it('lets the product import carry one CSV of 10,000 rows of 6 KB, and nothing more', () => {
    expect(IMPORT_ROWS).toBe(10_000)
    expect(IMPORT_FILE_BYTES).toBe(10_000 * 6 * 1024)
    for (const path of ['/api/v1/admin/products/import', '/api/v1/admin/products/import/']) {
      expect(bodyLimitFor(path), path).toEqual({
        maxBytes: IMPORT_FILE_BYTES + 64 * 1024,
        maxFiles: 1,
        maxFileBytes: IMPORT_FILE_BYTES,
      })
    }
    // The list it sits under takes no body beyond the JSON cap.
    expect(bodyLimitFor('/api/v1/admin/products')).toBe(JSON_ONLY)
    expect(LARGEST_BODY_BYTES).toBe(IMPORT_FILE_BYTES + 64 * 1024)
  })
})
