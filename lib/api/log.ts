import 'server-only'
import { randomUUID } from 'node:crypto'
import { loggedPath, logger } from '@/lib/ops/logger.cjs'

// Server log lines of the API, through the process's logger (lib/ops/logger.cjs): one JSON object
// per line. Request input (paths, parameters, the database's error text quoting them) can carry
// line breaks and other control characters; the logger escapes them all, so no request can forge
// or split a log line.

type ErrorInfo = { name: string; message: string; stack?: string; cause?: ErrorInfo | string }

function describe(error: unknown, depth = 0): ErrorInfo | string {
  if (!(error instanceof Error)) return String(error)
  const info: ErrorInfo = { name: error.name, message: error.message, stack: error.stack }
  if (error.cause !== undefined && depth < 3) info.cause = describe(error.cause, depth + 1)
  return info
}

/**
 * The id of the request being handled: the one the shop's server (scripts/server.mjs) logs it
 * under and sends back in X-Request-Id; a new one without that server (`next start`, tests).
 */
export function currentRequestId(): string {
  return globalThis.__shopRequestContext?.getStore()?.requestId ?? randomUUID()
}

/** Logs a failed request with its id, method, path and error, on one line. */
export function logRequestError(requestId: string, request: Request, error: unknown): void {
  const { pathname, search } = new URL(request.url)
  logger().error(
    {
      requestId,
      method: request.method,
      path: loggedPath(pathname + search),
      error: describe(error),
    },
    'api request failed',
  )
}
