import 'server-only'

// Server log lines of the API: one JSON object per line. Request input (paths, parameters, the
// database's error text quoting them) can carry line breaks and other control characters; JSON
// escapes those, so no request can forge or split a log line.

type ErrorInfo = { name: string; message: string; stack?: string; cause?: ErrorInfo | string }

function describe(error: unknown, depth = 0): ErrorInfo | string {
  if (!(error instanceof Error)) return String(error)
  const info: ErrorInfo = { name: error.name, message: error.message, stack: error.stack }
  if (error.cause !== undefined && depth < 3) info.cause = describe(error.cause, depth + 1)
  return info
}

// JSON.stringify leaves DEL, the C1 controls (NEL among them) and the Unicode line and paragraph
// separators as they are; some log viewers break lines on them.
const RAW_BREAKS = /[\u007f-\u009f\u2028\u2029]/g

export function logLine(fields: Record<string, unknown>): string {
  return JSON.stringify(fields).replace(
    RAW_BREAKS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** Logs a failed request with its id, method, path and error, on one line. */
export function logRequestError(requestId: string, request: Request, error: unknown): void {
  const { pathname, search } = new URL(request.url)
  console.error(
    logLine({
      level: 'error',
      msg: 'api request failed',
      requestId,
      method: request.method,
      path: pathname + search,
      error: describe(error),
    }),
  )
}
