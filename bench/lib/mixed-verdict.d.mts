export type Run = {
  orderRate: number
  ok: boolean
  errors: number
  shed?: number
  worstP99: number
}
export function highestPassing(runs: Run[]): { rate: number; passedAfterFailure: number[] }
export function aboveThePassingRate(
  runs: Run[],
  passing: number,
  limitMs: number,
): { rates: number[]; worstP99: number; otherErrors: number; met: boolean }
export function verdictLines(
  runs: Run[],
  limits: { passLimitMs: number; overloadLimitMs: number },
): string[]
