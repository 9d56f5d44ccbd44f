import type { IncomingMessage, ServerResponse } from 'node:http'

export function acceptsBrotli(header: string | string[] | undefined): boolean

export type StaticAssets = {
  serve: (req: IncomingMessage, res: ServerResponse) => boolean
  /** Settles once every file is in Brotli, read from the build or compressed (or that gave up). */
  warmed: Promise<void>
}

export function createStaticAssets(options: {
  root: string
  log?: (line: string) => void
}): StaticAssets

/** Writes the build files' Brotli copies for a start to read; answers how many files. */
export function writeBrotliCopies(root: string): number
