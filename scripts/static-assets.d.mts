import type { IncomingMessage, ServerResponse } from 'node:http'

export function acceptsBrotli(header: string | string[] | undefined): boolean

export type StaticAssets = {
  serve: (req: IncomingMessage, res: ServerResponse) => boolean
  /** Settles once every file is compressed (or compression gave up). */
  warmed: Promise<void>
}

export function createStaticAssets(options: {
  root: string
  log?: (line: string) => void
}): StaticAssets
