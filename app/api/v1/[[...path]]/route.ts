import { unknownApiRoute } from '@/lib/api/api-route'

// Any other path under /api/v1, the bare /api/v1 included: a JSON 404 for every method (never
// the HTML not-found page), and the CORS preflight so a client on another origin can read it.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = unknownApiRoute()
