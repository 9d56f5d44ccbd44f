import { readiness } from '@/lib/ops/readiness'

// Readiness: 200 when the database answers and this version's migrations are applied, 503 with
// the reason otherwise, for a load balancer to send traffic here or not. Liveness is /api/health.

export const dynamic = 'force-dynamic'

async function answer(): Promise<Response> {
  const state = await readiness()
  return Response.json(
    state.ready ? { status: 'ready' } : { status: 'not ready', reason: state.reason },
    {
      status: state.ready ? 200 : 503,
      headers: { 'Cache-Control': 'no-store' },
    },
  )
}

export const GET = answer

export async function HEAD(): Promise<Response> {
  const response = await answer()
  return new Response(null, { status: response.status, headers: response.headers })
}
