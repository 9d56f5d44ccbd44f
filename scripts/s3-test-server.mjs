// An S3-protocol server for tests and local trials (s3rver, in this process, files in a folder).
//   node scripts/s3-test-server.mjs --port 3390 --dir /tmp/s3 --bucket shop
// prints one line `S3 ready {"endpoint":…,"env":{S3_ENDPOINT…}}` and runs until killed.
// From code: `const s3 = await startS3Server({ port: 0 })`, then s3.env and `await s3.stop()`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import S3rver from 's3rver'

/** s3rver accepts these keys only. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export async function startS3Server({ port = 0, dir, bucket = 'shop', region = 'us-east-1' } = {}) {
  const directory = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'))
  fs.mkdirSync(directory, { recursive: true })
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: bucket ? [{ name: bucket }] : [],
  })
  const address = await server.run()
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    endpoint,
    port: address.port,
    bucket,
    region,
    directory,
    ...S3RVER_KEYS,
    /** The shop's settings for this server. */
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    },
    stop: async () => {
      server.httpServer.closeAllConnections?.()
      await server.close()
    },
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '3390' },
      dir: { type: 'string' },
      bucket: { type: 'string', default: 'shop' },
      region: { type: 'string', default: 'us-east-1' },
    },
  })
  const s3 = await startS3Server({ ...values, port: Number(values.port) })
  const { endpoint, bucket, directory, env } = s3
  console.log(`S3 ready ${JSON.stringify({ endpoint, bucket, directory, env })}`)
  const stop = () => s3.stop().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
