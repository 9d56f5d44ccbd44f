// Types for body-limits.cjs.
export type BodyLimit = {
  /** The whole body, in bytes. */
  readonly maxBytes: number
  /** How many files a form may carry (0: none are taken). */
  readonly maxFiles: number
  /** The largest one file, in bytes. */
  readonly maxFileBytes: number
}
export const BODY_LIMITS: Readonly<Record<string, BodyLimit>>
export const JSON_ONLY: BodyLimit
export const JSON_BODY_BYTES: number
export const IMAGE_BYTES: number
export const FORM_FIELDS_BYTES: number
export const PRODUCT_IMAGES: number
export const IMPORT_ROWS: number
export const IMPORT_FILE_BYTES: number
export const LARGEST_BODY_BYTES: number
export function bodyLimitFor(pathname: string): BodyLimit
