// Types for cluster.mjs, for the TypeScript tests (tests/cluster).
import type { RunningServer } from '../bench/lib/server.mjs'
import type { S3TestServer } from './s3-test-server.mjs'

export type ClusterHost = RunningServer & {
  index: number
  port: number
  logFile: string
  restart: () => Promise<ClusterHost>
  crash: () => void
}
export type AccessLogLine = {
  upstream: string
  status: number
  method: string
  uri: string
  requestId: string
}
export type Cluster = {
  url: string
  nginx: {
    url: string
    errorLog: () => string
    accessLog: () => AccessLogLine[]
    stop: () => Promise<void>
  }
  hosts: ClusterHost[]
  db: { name: string; url: string; drop: () => Promise<void> }
  s3: S3TestServer | undefined
  seed: { password: string; shoppers: string[]; products: { id: string; price: number }[] }
  dir: string
  stop: () => Promise<void>
}
export const NGINX: string
export type NginxTls = { certificate: string; key: string; httpListen: string }
export function nginxSiteConfig(options: {
  listen: string
  upstreams: string[]
  cacheDir: string
  tls?: NginxTls
}): string
export function startNginx(options: {
  dir: string
  port: number
  upstreams: string[]
  tls?: NginxTls
}): Promise<Cluster['nginx']>
export function createDatabase(adminUrl?: string): Promise<Cluster['db']>
export function startCluster(options?: {
  hosts?: number
  port?: number
  shoppers?: number
  s3?: boolean
  env?: Record<string, string>
  log?: (line: string) => void
}): Promise<Cluster>
