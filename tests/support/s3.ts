import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll } from 'vitest'
import { resetEnvForTests } from '@/lib/env'
import { startS3Server, type S3TestServer } from '@/scripts/s3-test-server.mjs'

// A real S3-protocol server (s3rver) for tests, and a client to look into its bucket directly.
// The plain-JS starter is scripts/s3-test-server.mjs (also a command line tool).

export { startS3Server, type S3TestServer }

/** A client of the test server, to check what the shop stored without going through the shop. */
export function s3Client(server: S3TestServer) {
  const client = new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    maxAttempts: 1,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = server.bucket
  return {
    client,
    /** The names in the bucket, sorted. */
    async keys(): Promise<string[]> {
      const res = await client.send(new ListObjectsV2Command({ Bucket }))
      return (res.Contents ?? []).map((o) => o.Key!).sort()
    },
    /** An object's bytes and type, or undefined when there is none. */
    async object(key: string) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return {
          bytes: Buffer.from(await res.Body!.transformToByteArray()),
          contentType: res.ContentType,
        }
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined
        throw error
      }
    },
    put: (key: string, bytes: Buffer, contentType = 'image/webp') =>
      client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }),
      ),
  }
}

const S3_VARS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const

/** Points the shop's settings (process.env, env()) at a server, or back at DATA_DIR/uploads. */
export function useS3Settings(server: Pick<S3TestServer, 'env'> | undefined): void {
  for (const name of S3_VARS) {
    if (server) process.env[name] = server.env[name]
    else delete process.env[name]
  }
  resetEnvForTests()
}

/**
 * Starts a test server for this test file and stores the shop's images in it; afterwards the
 * settings point at DATA_DIR/uploads again. Returns a getter for the server.
 */
export function installS3Storage(options: Parameters<typeof startS3Server>[0] = {}) {
  let server: S3TestServer | undefined
  beforeAll(async () => {
    server = await startS3Server(options)
    useS3Settings(server)
  })
  afterAll(async () => {
    useS3Settings(undefined)
    await server?.stop()
  })
  return () => {
    if (!server) throw new Error('The S3 test server is not ready yet')
    return server
  }
}
