import 'server-only'
import type { Readable } from 'node:stream'
import busboy from 'busboy'
import { bodyLimitFor, JSON_BODY_BYTES, type BodyLimit } from './body-limits.cjs'
import { AppError } from '@/lib/errors'
import { checkBodyText } from './input'

// Reading request bodies: JSON or a form, within the endpoint's own limits (body-limits.cjs, the
// table scripts/server.mjs refuses declared lengths from). The bytes are counted while they
// arrive and reading stops at the cap, so a chunked body (no Content-Length) or one that lies
// about its length is never held beyond the cap. A form is parsed as a stream (busboy): its text
// fields as they come, each file kept only up to its own limit; no copy of the whole body is
// ever made, and an endpoint that takes no file ignores file parts (they still count towards
// its cap, the JSON one).

export type ReadBodyOptions = {
  /** The limits to apply; by default the row of body-limits.cjs for the request's path. */
  limit?: BodyLimit
}

export type ParsedBody = {
  fields: Record<string, unknown>
  files: Map<string, File[]>
  /** The body was a form: its fields are text, whatever they stand for. */
  form: boolean
}

/**
 * A form's one file read as a stream rather than kept (the product import's CSV): `consume`
 * reads it while the body arrives; the body is read only as fast as it does.
 */
export type StreamedFile<T> = {
  /** The form field that carries the file; a file under any other name is refused. */
  field: string
  consume: (file: Readable) => Promise<T>
}

const MB = 1024 * 1024

export const tooLarge = () => new AppError('TOO_LARGE', 'The request body is too large')

/** The media type alone, lower case (RFC 9110: media types are case-insensitive). */
export function mediaType(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase()
}

/**
 * 415 for a body sent compressed (Content-Encoding): no endpoint takes one, and read as it is it
 * would only fail as bad JSON or a broken form, or worse, be read as plain text (RFC 9110 15.5.16).
 */
function refuseEncoded(request: Request): void {
  const coding = request.headers.get('content-encoding')?.trim().toLowerCase()
  if (coding && coding !== 'identity') {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the request body uncompressed (no Content-Encoding)',
    )
  }
}

/** 413 when the declared length is past the cap: nothing is read. */
function refuseDeclared(request: Request, max: number): void {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > max) throw tooLarge()
}

/**
 * The body's chunks, stopping with 413 as soon as more than `max` bytes arrived (the sender is
 * hung up on rather than read to the end). `stop` ends the reading early with its error.
 */
async function* cappedChunks(
  request: Request,
  max: number,
  stop: () => Error | undefined = () => undefined,
): AsyncGenerator<Uint8Array> {
  refuseDeclared(request, max)
  if (!request.body) return
  const reader = request.body.getReader()
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      size += value.byteLength
      if (size > max) throw tooLarge()
      yield value
      const error = stop()
      if (error) throw error
    }
  } catch (error) {
    // Stop the sender instead of taking (and throwing away) the rest.
    await reader.cancel().catch(() => {})
    throw error
  } finally {
    reader.releaseLock()
  }
}

async function readJson(request: Request, max: number): Promise<ParsedBody> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of cappedChunks(request, max)) {
    chunks.push(chunk)
    size += chunk.byteLength
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw new AppError('INVALID', 'The request body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('INVALID', 'The request body must be a JSON object')
  }
  checkBodyText(value)
  return { fields: value as Record<string, unknown>, files: new Map(), form: false }
}

/**
 * 415 for a form in another charset than UTF-8: browsers send forms in UTF-8 (with no charset
 * parameter), and a form's fields decoded in a charset the server guesses would be read wrong.
 */
function refuseCharset(contentType: string): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType)?.[1]?.toLowerCase()
  if (
    charset !== undefined &&
    charset !== 'utf-8' &&
    charset !== 'utf8' &&
    charset !== 'us-ascii'
  ) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form in UTF-8 (charset=utf-8)')
  }
}

const unreadableForm = () => new AppError('INVALID', 'The form data could not be read')
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** A multipart or urlencoded form, parsed as it arrives. */
async function readForm<T>(
  request: Request,
  contentType: string,
  limit: BodyLimit,
  streamed?: StreamedFile<T>,
) {
  refuseDeclared(request, limit.maxBytes)
  refuseCharset(contentType)
  const fields: Record<string, unknown> = {}
  const files = new Map<string, File[]>()
  // An AppError, or whatever a streamed file's reader failed with (a database error: a 500).
  let failure: Error | undefined
  let failed = () => {}
  // The reading below stops waiting for the parser when this settles.
  const failing = new Promise<void>((resolve) => (failed = resolve))
  const fail = (error: Error) => {
    failure ??= error
    failed()
  }
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // File names in UTF-8 (the browsers' way), not Latin-1.
      defParamCharset: 'utf8',
      limits: {
        files: limit.maxFiles,
        fileSize: limit.maxFileBytes,
        // No text field can be longer than a whole JSON body.
        fieldSize: JSON_BODY_BYTES,
        fieldNameSize: 200,
        fields: 1000,
        parts: 1000,
      },
    })
  } catch {
    // No boundary, or a form type busboy does not know.
    throw unreadableForm()
  }
  const finished = new Promise<void>((resolve) => {
    parser.once('close', resolve)
    // Also after destroy() below, which ends a form in the middle.
    parser.on('error', () => {
      fail(unreadableForm())
      resolve()
    })
  })
  parser.on('field', (name: string | undefined, value: string | undefined, info) => {
    // busboy answers undefined for text in a charset it cannot decode (a part's own charset).
    if (typeof name !== 'string' || typeof value !== 'string') {
      fail(unreadableForm())
    } else if (info.nameTruncated || info.valueTruncated) {
      fail(new AppError('TOO_LARGE', `The form field ${name.slice(0, 40)} is too large`))
    } else {
      fields[name] ??= value
    }
  })
  let consumed: Promise<T> | undefined
  parser.on('file', (name, stream, info) => {
    if (streamed) {
      // A form cut off inside the file: reported by the parser's own error.
      stream.on('error', () => {})
      if (name !== streamed.field || consumed) {
        fail(new AppError('INVALID', `Send one file, as the field ${streamed.field}`))
        stream.resume()
        return
      }
      stream.once('limit', () => {
        const error = new AppError(
          'TOO_LARGE',
          `The file may be at most ${Number((limit.maxFileBytes / MB).toFixed(1))} MB`,
        )
        fail(error)
        stream.destroy(error)
      })
      consumed = streamed.consume(stream)
      consumed.catch((error: unknown) => {
        // A refusal of the file's contents: the rest of the body is not read.
        fail(error instanceof Error ? error : new Error(String(error)))
      })
      return
    }
    // An endpoint that takes no file: the part is skipped (busboy's `files` limit of 0).
    const chunks: Uint8Array<ArrayBuffer>[] = []
    let size = 0
    // A form cut off inside a file: reported by the parser's own error.
    stream.on('error', () => {})
    stream.on('data', (chunk: Buffer<ArrayBuffer>) => {
      chunks.push(chunk)
      size += chunk.length
    })
    stream.once('limit', () => {
      fail(new AppError('TOO_LARGE', `Images may be at most ${limit.maxFileBytes / MB} MB each`))
    })
    // 'end' (not 'close'): busboy finishes the form only after every file stream has ended.
    stream.once('end', () => {
      // An empty file input is sent as a part with no bytes: no file was chosen.
      if (failure || stream.truncated || size === 0) return
      const file = new File(chunks, info.filename ?? '', { type: info.mimeType })
      files.set(name, [...(files.get(name) ?? []), file])
    })
  })
  parser.on('filesLimit', () => {
    if (limit.maxFiles > 0) {
      fail(new AppError('INVALID', `Send at most ${plural(limit.maxFiles, 'image')}`))
    }
  })
  const tooMany = () => fail(new AppError('TOO_LARGE', 'The form has too many fields'))
  parser.on('fieldsLimit', tooMany)
  parser.on('partsLimit', tooMany)

  try {
    for await (const chunk of cappedChunks(request, limit.maxBytes, () => failure)) {
      // A parser that failed (an error instead of 'drain') has finished.
      if (!parser.write(chunk)) {
        // A streamed file's reader that failed reads no more: neither would come.
        await Promise.race([
          new Promise((resolve) => parser.once('drain', resolve)),
          finished,
          failing,
        ])
      }
    }
  } catch (error) {
    parser.destroy()
    throw error
  }
  parser.end()
  await finished
  const result = await consumed?.catch(() => undefined)
  if (failure) throw failure
  checkBodyText(fields)
  return { fields, files, result }
}

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded']

/**
 * A multipart form with one file, read as a stream by `file.consume` while the body arrives
 * (never kept whole), and its text fields; within the endpoint's limits (413 past them). Any
 * other type is 415. `result` is what `consume` answered, undefined when the form had no file.
 */
export async function readStreamedForm<T>(
  request: Request,
  file: StreamedFile<T>,
  { limit = bodyLimitFor(new URL(request.url).pathname) }: ReadBodyOptions = {},
): Promise<{ fields: Record<string, unknown>; result: T | undefined }> {
  refuseEncoded(request)
  const contentType = request.headers.get('content-type') ?? ''
  if (mediaType(contentType) !== 'multipart/form-data') {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send a form (multipart/form-data) with the file as ${file.field}`,
    )
  }
  const params = contentType.includes(';') ? contentType.slice(contentType.indexOf(';')) : ''
  const { fields, result } = await readForm(request, 'multipart/form-data' + params, limit, file)
  return { fields, result }
}

/**
 * A JSON object or a multipart/urlencoded form, within the endpoint's limits (413 past them);
 * any other type is 415. JSON is held to the JSON cap even where forms may carry images.
 */
export async function readBody(
  request: Request,
  { limit = bodyLimitFor(new URL(request.url).pathname) }: ReadBodyOptions = {},
): Promise<ParsedBody> {
  refuseEncoded(request)
  const contentType = request.headers.get('content-type') ?? ''
  const type = mediaType(contentType)
  if (type === 'application/json') {
    return readJson(request, Math.min(limit.maxBytes, JSON_BODY_BYTES))
  }
  if (FORM_TYPES.includes(type)) {
    // The type in lower case, the parameters as sent (a boundary is case-sensitive).
    const params = contentType.includes(';') ? contentType.slice(contentType.indexOf(';')) : ''
    const { fields, files } = await readForm(request, type + params, limit)
    return { fields, files, form: true }
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON or a form (multipart/form-data)')
}

/**
 * The fields of a body, with the whole-number fields `names` of a form read as numbers when they
 * are plain digits: a form carries only text, so this is how it sends what a JSON client sends as
 * a number. JSON keeps its types: a quantity of "3" there is a client bug to report, not to guess.
 */
export function withFormNumbers(
  body: ParsedBody,
  names: readonly string[],
): Record<string, unknown> {
  if (!body.form) return body.fields
  const fields = { ...body.fields }
  for (const name of names) {
    const value = fields[name]
    if (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)) fields[name] = Number(value)
  }
  return fields
}
