import http from 'node:http'
import zlib from 'node:zlib'

// HTTP as a plain client sees it, for the cache tests (Vitest and Playwright alike): nothing added
// to a request (no Accept-Encoding unless given, the target sent as written: `*`, an absolute
// form), nothing decoded in the answer.

export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

export function raw(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base)
    const req = http.request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/** The text of a reply, decoded as its own headers say (throws if they name a coding it is not). */
export function decoded(reply: Reply): string {
  const coding = String(reply.headers['content-encoding'] ?? 'identity')
  if (coding === 'gzip') return zlib.gunzipSync(reply.body).toString()
  if (coding === 'deflate') return zlib.inflateSync(reply.body).toString()
  if (coding === 'identity') return reply.body.toString()
  throw new Error(`unexpected content-encoding ${coding}`)
}

/**
 * Whether an Accept-Encoding header accepts a coding (RFC 9110 §12.5.3), written out plainly and
 * apart from the server's own parser, so the tests check it rather than repeat it.
 */
export function accepts(header: string | undefined, coding: string): boolean {
  if (header === undefined) return coding === 'identity'
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, param] = part.split(';').map((p) => p.trim().toLowerCase())
    if (name) q.set(name, param?.startsWith('q=') ? Number(param.slice(2)) : 1)
  }
  if (coding === 'identity') return (q.get('identity') ?? (q.get('*') === 0 ? 0 : 1)) > 0
  return (q.get(coding) ?? q.get('*') ?? 0) > 0
}
