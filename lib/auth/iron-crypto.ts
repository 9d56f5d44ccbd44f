import 'server-only'
import { createCipheriv, createHmac, pbkdf2Sync, randomFillSync } from 'node:crypto'
import { defaults, seal } from 'iron-webcrypto'

// The shop's cookies are sealed in iron's format (iron-session's: iron-webcrypto's `seal`, then
// `~2`) with the three primitives iron uses, PBKDF2 with SHA-1 (one iteration, the format's),
// AES-256-CBC and HMAC with SHA-256, done by node:crypto's synchronous calls instead of WebCrypto.
// The format, the salts, the IV and the text to sign stay iron-webcrypto's own code; only the
// primitives underneath change. WebCrypto runs each of a seal's eight steps as a job on libuv's
// threads, behind the password hashes of concurrent sign-ins, and builds a key object for each:
// about 6 % of the main thread of a checkout (a sign-in seals two cookies), where these calls
// take microseconds. Unsealing stays iron-session's (lib/auth/unseal-cache.ts), and the tests
// check that it opens these seals and that they are byte for byte what WebCrypto makes from the
// same random bytes (lib/auth/iron-crypto.test.ts).

/** A key as iron passes it from one call to the next: its bytes and what it is for. */
class RawKey {
  constructor(
    readonly algorithm: 'PBKDF2' | 'AES-CBC' | 'HMAC',
    readonly bytes: Buffer,
  ) {}
}

type Named = { name: string }

const bytesOf = (data: ArrayBuffer | ArrayBufferView): Buffer =>
  ArrayBuffer.isView(data)
    ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    : Buffer.from(data)

/** A copy as an ArrayBuffer of its own, as WebCrypto answers. */
const arrayBufferOf = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer

const keyOf = (key: CryptoKey, algorithm: RawKey['algorithm']): Buffer => {
  if (!(key instanceof RawKey) || key.algorithm !== algorithm) {
    throw new Error(`iron-crypto: expected a key for ${algorithm}`)
  }
  return key.bytes
}

function unsupported(what: string): never {
  throw new Error(
    `iron-crypto: ${what} is not one of iron's (PBKDF2/SHA-1, AES-256-CBC, HMAC/SHA-256)`,
  )
}

const hashName = (hash: unknown) => (typeof hash === 'string' ? hash : (hash as Named)?.name)

/** What iron-webcrypto calls of WebCrypto, for iron's algorithms only; anything else throws. */
export const ironCrypto = {
  getRandomValues<T extends Uint8Array>(array: T): T {
    randomFillSync(array)
    return array
  },
  subtle: {
    async importKey(
      format: string,
      keyData: ArrayBuffer | Uint8Array,
      algorithm: unknown,
      _extractable: boolean,
      _usages: string[],
    ): Promise<CryptoKey> {
      const name = (algorithm as Named).name
      if (format !== 'raw') unsupported(`key format ${format}`)
      if (name === 'HMAC' && hashName((algorithm as { hash?: unknown }).hash) !== 'SHA-256') {
        unsupported('HMAC without SHA-256')
      }
      if (name !== 'PBKDF2' && name !== 'AES-CBC' && name !== 'HMAC') unsupported(String(name))
      return new RawKey(name, Buffer.from(bytesOf(keyData))) as unknown as CryptoKey
    },
    async deriveBits(algorithm: unknown, baseKey: CryptoKey, length: number): Promise<ArrayBuffer> {
      const { name, hash, salt, iterations } = algorithm as Pbkdf2Params
      if (name !== 'PBKDF2' || hashName(hash) !== 'SHA-1')
        unsupported(`${name} with ${hashName(hash)}`)
      if (length % 8 !== 0) unsupported(`${length} bits`)
      const bits = pbkdf2Sync(
        keyOf(baseKey, 'PBKDF2'),
        bytesOf(salt as ArrayBuffer | ArrayBufferView),
        iterations,
        length / 8,
        'sha1',
      )
      return arrayBufferOf(bits)
    },
    async encrypt(algorithm: unknown, key: CryptoKey, data: Uint8Array): Promise<ArrayBuffer> {
      const { name, iv } = algorithm as AesCbcParams
      if (name !== 'AES-CBC') unsupported(String(name))
      const secret = keyOf(key, 'AES-CBC')
      if (secret.length !== 32) unsupported(`a ${secret.length * 8}-bit AES key`)
      const cipher = createCipheriv('aes-256-cbc', secret, bytesOf(iv as ArrayBufferView))
      return arrayBufferOf(Buffer.concat([cipher.update(bytesOf(data)), cipher.final()]))
    },
    async decrypt(): Promise<ArrayBuffer> {
      return unsupported('decrypting (unsealing is iron-session’s own)')
    },
    async sign(algorithm: unknown, key: CryptoKey, data: Uint8Array): Promise<ArrayBuffer> {
      if ((algorithm as Named).name !== 'HMAC') unsupported(String((algorithm as Named).name))
      return arrayBufferOf(createHmac('sha256', keyOf(key, 'HMAC')).update(bytesOf(data)).digest())
    },
  },
}

/**
 * iron-session's sealData with node:crypto underneath: `data` sealed with `password` for `ttl`
 * seconds, in the format iron-session's unsealData opens (its password id 1, its version 2).
 */
export async function sealIron(
  data: Record<string, unknown>,
  { password, ttl }: { password: string; ttl: number },
): Promise<string> {
  const sealed = await seal(
    ironCrypto,
    data,
    { id: '1', secret: password },
    {
      ...defaults,
      ttl: ttl * 1000,
    },
  )
  return `${sealed}~2`
}
