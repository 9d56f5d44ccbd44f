// Runs once when the server starts (never during `next build`): open, migrate and, on a fresh
// embedded database, seed, before the first request is served.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { startServerDatabase } = await import('./lib/db/startup')
  await startServerDatabase()
}
