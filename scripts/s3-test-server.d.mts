export const S3RVER_KEYS: { accessKeyId: string; secretAccessKey: string }

export type S3TestServer = {
  endpoint: string
  port: number
  bucket: string
  region: string
  directory: string
  accessKeyId: string
  secretAccessKey: string
  /** S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for this server. */
  env: Record<
    'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY',
    string
  >
  stop: () => Promise<void>
}

/** Starts s3rver on 127.0.0.1 (port 0: any free one) with the bucket made, unless bucket is ''. */
export function startS3Server(options?: {
  port?: number
  dir?: string
  bucket?: string
  region?: string
}): Promise<S3TestServer>
