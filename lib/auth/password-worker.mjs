// Password hashing in threads of their own (lib/auth/password.ts): the production server checks
// passwords here, one at a time per thread, with argon2's synchronous calls. Messages in:
// { id, op: 'hash', password, options } or { id, op: 'verify', hash, password }; out: { id, result }
// or { id, error }. A thread takes its next message as soon as it has answered one, without
// waiting for the main thread.
import { parentPort } from 'node:worker_threads'
import { hashSync, verifySync } from '@node-rs/argon2'

parentPort.on('message', (message) => {
  const { id, op } = message
  try {
    const result =
      op === 'hash'
        ? hashSync(message.password, message.options)
        : verifySync(message.hash, message.password)
    parentPort.postMessage({ id, result })
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
