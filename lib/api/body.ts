import 'server-only'
import { AppError } from './errors'

// Reading request bodies: JSON or multipart, with a size cap checked before anything is parsed.

const MAX_JSON_BYTES = 100 * 1024
const MAX_FORM_BYTES = 30 * 1024 * 1024

function checkLength(request: Request, max: number) {
  const length = Number(request.headers.get('content-length') ?? '0')
  if (length > max) throw new AppError(413, 'The request body is too large')
}

export type ParsedBody = { fields: Record<string, unknown>; files: Map<string, File[]> }

/** A JSON object or a multipart/urlencoded form; anything else is 415. */
export async function readBody(request: Request): Promise<ParsedBody> {
  const type = request.headers.get('content-type') ?? ''
  if (type.startsWith('application/json')) {
    checkLength(request, MAX_JSON_BYTES)
    const text = await request.text()
    if (text.length > MAX_JSON_BYTES) throw new AppError(413, 'The request body is too large')
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new AppError(400, 'The request body is not valid JSON')
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new AppError(400, 'The request body must be a JSON object')
    }
    return { fields: value as Record<string, unknown>, files: new Map() }
  }
  if (
    type.startsWith('multipart/form-data') ||
    type.startsWith('application/x-www-form-urlencoded')
  ) {
    checkLength(request, MAX_FORM_BYTES)
    let form: FormData
    try {
      form = await request.formData()
    } catch {
      throw new AppError(400, 'The form data could not be read')
    }
    const fields: Record<string, unknown> = {}
    const files = new Map<string, File[]>()
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') fields[key] ??= value
      else if (value.size > 0) files.set(key, [...(files.get(key) ?? []), value])
    }
    return { fields, files }
  }
  throw new AppError(415, 'Send JSON or a form (multipart/form-data)')
}
