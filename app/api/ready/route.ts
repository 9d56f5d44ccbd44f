import { getOnlyRoute } from '@/lib/api/api-route'
import { readiness } from '@/lib/ops/readiness'

// Readiness: 200 when the database answers and this version's migrations are applied, 503 with
// the reason otherwise, for a load balancer to send traffic here or not. Liveness is /api/health.

export const dynamic = 'force-dynamic'

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = getOnlyRoute(async () => {
  const state = await readiness()
  return Response.json(
    state.ready ? { status: 'ready' } : { status: 'not ready', reason: state.reason },
    {
      status: state.ready ? 200 : 503,
      headers: { 'Cache-Control': 'no-store' },
    },
  )
})
