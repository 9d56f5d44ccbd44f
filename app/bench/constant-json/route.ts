// GET /bench/constant-json: the API baseline of `npm run bench`, the cheapest JSON route there is.

const enabled = () => process.env.BENCH_BASELINE === '1'

let body: string | undefined

/** A JSON document of exactly BENCH_JSON_BYTES bytes (ASCII, so bytes = characters). */
function constantBody(): string {
  if (body !== undefined) return body
  const bytes = Math.max(32, Math.floor(Number(process.env.BENCH_JSON_BYTES || 2000)) || 2000)
  const head = '{"success":true,"padding":"'
  const tail = '"}'
  body = head + 'x'.repeat(Math.max(0, bytes - head.length - tail.length)) + tail
  return body
}

export const dynamic = 'force-dynamic'

export function GET() {
  if (!enabled()) {
    return Response.json({ success: false, message: 'Not found' }, { status: 404 })
  }
  return new Response(constantBody(), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
}
