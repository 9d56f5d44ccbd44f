// Liveness: the process is up and answers. Touches nothing else (no database), so a slow or
// lost database does not get a healthy process restarted. Readiness is /api/ready.

const HEADERS = { 'Cache-Control': 'no-store' }

export const dynamic = 'force-dynamic'

export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: HEADERS })
}

export function HEAD(): Response {
  return new Response(null, { headers: { ...HEADERS, 'Content-Type': 'application/json' } })
}
