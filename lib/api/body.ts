import 'server-only'
import { AppError } from './errors'
import { checkBodyText } from './input'

// Reading request bodies: JSON or multipart, with a size cap. The bytes are counted while they
// arrive and reading stops at the cap, so a chunked body (no Content-Length) or one that lies
// about its length is never held in memory beyond the cap.

const MAX_JSON_BYTES = 100 * 1024
const MAX_FORM_BYTES = 30 * 1024 * 1024

/** The cap for a form with one image (an avatar): the 5 MB image plus room for the fields. */
export const ONE_IMAGE_FORM_BYTES = 5 * 1024 * 1024 + 64 * 1024

export type ReadBodyOptions = {
  /** This endpoint's cap on the body, in bytes; a larger one is refused with 413 unread. */
  maxBytes?: number
}

const tooLarge = () => new AppError(413, 'The request body is too large')

async function readCapped(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > max) throw tooLarge()
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      // Stop the sender instead of taking (and throwing away) the rest.
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

export type ParsedBody = { fields: Record<string, unknown>; files: Map<string, File[]> }

async function readJson(request: Request, max: number): Promise<ParsedBody> {
  const bytes = await readCapped(request, max)
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw new AppError(400, 'The request body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError(400, 'The request body must be a JSON object')
  }
  checkBodyText(value)
  return { fields: value as Record<string, unknown>, files: new Map() }
}

async function readForm(request: Request, type: string, max: number): Promise<ParsedBody> {
  const bytes = await readCapped(request, max)
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
  } catch {
    throw new AppError(400, 'The form data could not be read')
  }
  const fields: Record<string, unknown> = {}
  const files = new Map<string, File[]>()
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] ??= value
    else if (value.size > 0) files.set(key, [...(files.get(key) ?? []), value])
  }
  checkBodyText(fields)
  return { fields, files }
}

/**
 * A JSON object or a multipart/urlencoded form; anything else is 415. `maxBytes` lowers (or
 * raises) the default cap for one endpoint; it never lets a JSON body past its own smaller cap.
 */
export async function readBody(
  request: Request,
  { maxBytes }: ReadBodyOptions = {},
): Promise<ParsedBody> {
  const type = request.headers.get('content-type') ?? ''
  if (type.startsWith('application/json')) {
    return readJson(request, Math.min(maxBytes ?? MAX_JSON_BYTES, MAX_JSON_BYTES))
  }
  if (
    type.startsWith('multipart/form-data') ||
    type.startsWith('application/x-www-form-urlencoded')
  ) {
    return readForm(request, type, maxBytes ?? MAX_FORM_BYTES)
  }
  throw new AppError(415, 'Send JSON or a form (multipart/form-data)')
}
