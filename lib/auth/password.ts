import 'server-only'
import { hash, verify } from '@node-rs/argon2'
import { passwordThreads } from './password-threads'

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * Starts the server's password threads now, if it has them (lib/auth/password-threads.ts), so
 * that the first sign-ins do not wait for them to start. Called when a route that checks
 * passwords is loaded: the server's warm-up loads the login route before it listens
 * (scripts/warm-up.mjs).
 */
export function startPasswordThreads(): void {
  passwordThreads()?.start()
}
startPasswordThreads()

export async function hashPassword(password: string): Promise<string> {
  const threads = passwordThreads()
  if (threads) {
    const done = await threads.run<string>({ op: 'hash', password, options: OPTIONS })
    if (done.ran) return done.result
  }
  return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    const threads = passwordThreads()
    if (threads) {
      const done = await threads.run<boolean>({ op: 'verify', hash: passwordHash, password })
      if (done.ran) return done.result
    }
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
