import { describe, expect, it } from 'vitest'
import { ONE_IMAGE_FORM_BYTES, readBody } from './body'
import { AppError } from './errors'

const MB = 1024 * 1024
const BOUNDARY = 'x-boundary'

/** A multipart body of about `total` bytes (one file field), sent in 64 KB chunks with no
 * Content-Length; counts the bytes the reader pulled and whether it hung up. */
function chunkedForm(total: number) {
  const state = { pulled: 0, cancelled: false }
  const encoder = new TextEncoder()
  const head = encoder.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  )
  const tail = encoder.encode(`\r\n--${BOUNDARY}--\r\n`)
  const piece = new Uint8Array(64 * 1024).fill(0x61)
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Uint8Array
      if (sent === 0) chunk = head
      else if (sent >= total) {
        controller.enqueue(tail)
        state.pulled += tail.byteLength
        return controller.close()
      } else chunk = piece
      sent += chunk.byteLength
      state.pulled += chunk.byteLength
      controller.enqueue(chunk)
    },
    cancel() {
      state.cancelled = true
    },
  })
  return { stream, state }
}

function formRequest(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request('http://localhost/api/v1/register', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    body,
    duplex: 'half',
  } as RequestInit)
}

async function status(body: Promise<unknown>): Promise<number> {
  const error = await body.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return (error as AppError).status
}

describe('readBody with a per-endpoint cap', () => {
  it('allows a one-image form of 5 MB plus the fields', () => {
    expect(ONE_IMAGE_FORM_BYTES).toBe(5 * MB + 64 * 1024)
  })

  it('reads a form under the cap, file included', async () => {
    const { stream } = chunkedForm(4 * MB)
    const { files } = await readBody(formRequest(stream), { maxBytes: ONE_IMAGE_FORM_BYTES })
    const avatar = files.get('avatar')?.[0]
    expect(avatar?.name).toBe('a.png')
    expect(avatar?.size).toBeGreaterThanOrEqual(4 * MB)
  })

  it('refuses a chunked 6 MB body with 413 and stops reading it', async () => {
    const { stream, state } = chunkedForm(6 * MB)
    expect(await status(readBody(formRequest(stream), { maxBytes: ONE_IMAGE_FORM_BYTES }))).toBe(
      413,
    )
    expect(state.cancelled).toBe(true)
    // Reading stopped at the cap (plus the chunk that crossed it, and what the stream had
    // queued), well before the 6 MB the client had to send.
    expect(state.pulled).toBeLessThan(ONE_IMAGE_FORM_BYTES + 4 * 64 * 1024)
    expect(state.pulled).toBeLessThan(6 * MB)
  })

  it('refuses a 6 MB body whose Content-Length lies, the same way', async () => {
    const { stream, state } = chunkedForm(6 * MB)
    const request = formRequest(stream, { 'content-length': '1000' })
    expect(await status(readBody(request, { maxBytes: ONE_IMAGE_FORM_BYTES }))).toBe(413)
    expect(state.pulled).toBeLessThan(ONE_IMAGE_FORM_BYTES + 4 * 64 * 1024)
  })

  it('refuses a declared 6 MB body before reading a byte of it', async () => {
    const { stream, state } = chunkedForm(6 * MB)
    const request = formRequest(stream, { 'content-length': String(6 * MB) })
    expect(await status(readBody(request, { maxBytes: ONE_IMAGE_FORM_BYTES }))).toBe(413)
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024) // what the stream queued on its own
  })

  it('keeps the larger default cap where no cap is given', async () => {
    const { stream } = chunkedForm(6 * MB)
    const { files } = await readBody(formRequest(stream))
    expect(files.get('avatar')?.[0]?.size).toBeGreaterThanOrEqual(6 * MB)
  })

  it('keeps the JSON cap for JSON sent to a form endpoint', async () => {
    const request = new Request('http://localhost/api/v1/password/update', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'x'.repeat(200 * 1024) }),
    })
    expect(await status(readBody(request, { maxBytes: ONE_IMAGE_FORM_BYTES }))).toBe(413)
  })
})
