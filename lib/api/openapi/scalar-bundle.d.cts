// Types for scalar-bundle.cjs.
export const SCALAR_BUNDLE_PATH: string
export function scalarBundle(root?: string): { bytes: Buffer; version: string }
export function withoutEvalProbe(source: string): string
