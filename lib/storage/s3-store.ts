import 'server-only'
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3'
import type { S3Settings } from '@/lib/env'
import { logger } from '@/lib/ops/logger.cjs'
import { StorageUnavailableError, type ObjectStore } from './store'

// Images in a bucket of an S3-compatible object store (AWS S3, MinIO, Ceph, s3rver in the
// tests), addressed by path (http://endpoint/bucket/name), which every one of them understands.
// A store that is down must not hold a request: a connection gets 2 s, an answer that stops
// coming 3 s, and there is one retry (8 s in all at most); past that the caller gets
// StorageUnavailableError (503).

export const S3_TIMEOUTS = { connectMs: 2_000, idleMs: 3_000, attempts: 2, totalMs: 8_000 }

type Failure = Error & { $metadata?: { httpStatusCode?: number }; Code?: string }

const statusOf = (error: unknown) => (error as Failure)?.$metadata?.httpStatusCode
const nameOf = (error: unknown) => (error instanceof Error ? error.name : '')
const isMissing = (error: unknown) =>
  statusOf(error) === 404 || ['NoSuchKey', 'NotFound', 'NoSuchBucket'].includes(nameOf(error))

export function createS3Store(settings: S3Settings, timeouts = S3_TIMEOUTS): ObjectStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    maxAttempts: timeouts.attempts,
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.idleMs,
      throwOnRequestTimeout: true, // else the SDK only logs a warning and goes on waiting
    },
    // Checksums only where S3 requires them: not every S3-compatible server knows the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = settings.bucket

  const failed = (op: string, name: string | undefined, error: unknown) => {
    logger().error(
      {
        op,
        bucket: Bucket,
        ...(name !== undefined && { name }),
        error: `${nameOf(error)}: ${error instanceof Error ? error.message : String(error)}`,
        status: statusOf(error),
      },
      'object storage request failed',
    )
    return new StorageUnavailableError(error)
  }
  // A last bound on the whole call, retries included.
  const deadline = () => ({ abortSignal: AbortSignal.timeout(timeouts.totalMs) })

  // The bucket is created when missing (the demo, the tests), once per process.
  let bucketReady: Promise<void> | undefined
  const ensureBucket = () => {
    bucketReady ??= (async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), deadline())
        return
      } catch (error) {
        if (!isMissing(error)) throw error
      }
      try {
        await client.send(
          new CreateBucketCommand({
            Bucket,
            ...(settings.region !== 'us-east-1' && {
              CreateBucketConfiguration: {
                LocationConstraint: settings.region as BucketLocationConstraint,
              },
            }),
          }),
          deadline(),
        )
      } catch (error) {
        // Another app host made it in the meantime.
        if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(nameOf(error))) {
          throw error
        }
      }
    })().catch((error: unknown) => {
      bucketReady = undefined // try again on the next upload
      throw error
    })
    return bucketReady
  }

  return {
    async put(name, bytes, contentType) {
      try {
        await ensureBucket()
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: name,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
          }),
          deadline(),
        )
      } catch (error) {
        throw failed('put', name, error)
      }
    },
    async get(name) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: name }), deadline())
        if (!res.Body) return undefined
        const bytes = await res.Body.transformToByteArray()
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      } catch (error) {
        if (isMissing(error)) return undefined
        throw failed('get', name, error)
      }
    },
    async remove(name) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: name }), deadline())
      } catch (error) {
        if (isMissing(error)) return
        throw failed('remove', name, error)
      }
    },
  }
}
