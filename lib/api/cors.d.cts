export function corsHeadersFor(
  origin: string | null | undefined,
  allowedOrigins: readonly string[],
): Record<string, string>
