import 'server-only'
// The shop's error vocabulary. A service that refuses throws an AppError with a code saying what
// kind of refusal it is (the input is invalid, the thing is not there, it conflicts with the
// current state, …) and a message for the person who made the request. The API layer
// (lib/api/errors.ts) turns the code into the HTTP status of the answer; services never name
// HTTP statuses. Pages and commands read the same codes.

export const ERROR_CODES = [
  /** The input breaks a rule (field errors in `errors`). */
  'INVALID',
  /** Nobody is signed in, or the credentials are wrong. */
  'UNAUTHENTICATED',
  /** Signed in, but not allowed to do this. */
  'FORBIDDEN',
  /** The thing asked for does not exist (or is not the caller's to see). */
  'NOT_FOUND',
  /** The method is not one this path takes (`Allow` in `headers`). */
  'METHOD_NOT_ALLOWED',
  /** The request cannot be done in the current state (stock, status, last admin, …). */
  'CONFLICT',
  /** The caller's copy is out of date (If-Match). */
  'PRECONDITION_FAILED',
  /** The body is larger than this path takes. */
  'TOO_LARGE',
  /** The body is of a type this path does not read. */
  'UNSUPPORTED_MEDIA_TYPE',
  /** Well-formed, but cannot be processed as sent (an idempotency key reused for another body). */
  'UNPROCESSABLE',
  /** Too many attempts (`Retry-After` in `headers`). */
  'RATE_LIMITED',
  /** Our fault; the message names the request id. */
  'INTERNAL',
  /** The shop cannot take it now (`Retry-After` in `headers`). */
  'UNAVAILABLE',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const invalid = (message: string, errors?: Record<string, string>) =>
  new AppError('INVALID', message, errors)
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message)
export const unauthorized = (message = 'Please login to access this resource') =>
  new AppError('UNAUTHENTICATED', message)
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError('FORBIDDEN', message)
export const conflict = (message: string) => new AppError('CONFLICT', message)
