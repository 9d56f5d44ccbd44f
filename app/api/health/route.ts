import { getOnlyRoute } from '@/lib/api/api-route'

// Liveness: the process is up and answers. Touches nothing else (no database), so a slow or
// lost database does not get a healthy process restarted. Readiness is /api/ready.

export const dynamic = 'force-dynamic'

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = getOnlyRoute(() =>
  Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } }),
)
