// The ceiling of `npm run bench:checkout` (bench/checkout.mjs): each checkout signs in once, and a
// sign-in checks the password with argon2id (lib/auth/password.ts), the costliest step there is.
// This checks one password N times, C at a time, with the app's own code and parameters, in the
// password threads the server uses (lib/auth/password-threads.ts), and nothing else running: no
// checkout rate can pass it on the same machine.
//
//   tsx --conditions=react-server bench/password-ceiling.ts N C
//
// Prints { checks, concurrency, seconds, perSecond }.
import path from 'node:path'
import { hashPassword, verifyPassword } from '@/lib/auth/password'

// As scripts/server.mjs sets it.
globalThis.__shopPasswordWorker = path.resolve(
  import.meta.dirname,
  '../lib/auth/password-worker.mjs',
)

async function main() {
  const count = Number(process.argv[2])
  const concurrency = Number(process.argv[3])
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error('usage: password-ceiling N C')
  }
  const stored = await hashPassword('bench-checkout-password')
  // Once per thread first: the threads are started before the clock starts.
  const first = await Promise.all(
    Array.from({ length: concurrency }, () => verifyPassword(stored, 'bench-checkout-password')),
  )
  if (first.includes(false)) throw new Error('no match')
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        if (!(await verifyPassword(stored, 'bench-checkout-password'))) throw new Error('no match')
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const perSecond = Math.round((count / seconds) * 10) / 10
  console.log(JSON.stringify({ checks: count, concurrency, seconds, perSecond }))
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
