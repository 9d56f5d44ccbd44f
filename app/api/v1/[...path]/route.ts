import { errorResponse, notFound } from '@/lib/api/errors'

// Any other path under /api/v1: a JSON 404, never the HTML not-found page.
const unknownPath = async () => errorResponse(notFound('No such API endpoint'))

export const GET = unknownPath
export const POST = unknownPath
export const PUT = unknownPath
export const PATCH = unknownPath
export const DELETE = unknownPath
