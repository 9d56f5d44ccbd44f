import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../bench/lib/server.mjs'
import { startNginx, type Cluster } from '../../scripts/cluster.mjs'

// deploy/nginx.conf as written, TLS and all (a self-signed certificate), in front of a stand-in
// app host that sends an HSTS header of its own: every answer over TLS carries nginx's HSTS
// exactly once (the locations with headers of their own included), plain http only redirects,
// and the same file served over plain http (the cluster's way) sends none.

const HSTS = 'max-age=31536000'
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-hsts-'))
let app: http.Server
const running: Cluster['nginx'][] = []
let tlsPort = 0
let httpPort = 0
let plainPort = 0

type Answer = { status: number; hsts: string[]; location?: string }

function get(url: string): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http
  return new Promise((resolve, reject) => {
    const req = client.get(url, { rejectUnauthorized: false }, (res) => {
      res.resume()
      res.once('end', () => {
        const hsts: string[] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]!.toLowerCase() === 'strict-transport-security') {
            hsts.push(res.rawHeaders[i + 1]!)
          }
        }
        resolve({ status: res.statusCode!, hsts, location: res.headers.location })
      })
    })
    req.once('error', reject)
  })
}

beforeAll(async () => {
  const key = path.join(dir, 'key.pem')
  const certificate = path.join(dir, 'cert.pem')
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
    ].concat(['-keyout', key, '-out', certificate]),
    { encoding: 'utf8' },
  )
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`)
  // The app host's own header (it sends one when APP_URL is https): nginx must not pass it on.
  app = http.createServer((req, res) => {
    res.writeHead(req.url === '/missing' ? 404 : 200, {
      'strict-transport-security': 'max-age=60',
      'content-type': 'text/plain',
    })
    res.end('ok')
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  const upstreams = [`127.0.0.1:${(app.address() as AddressInfo).port}`]
  tlsPort = await freePort()
  httpPort = await freePort()
  plainPort = await freePort()
  running.push(
    await startNginx({
      dir: path.join(dir, 'tls'),
      port: tlsPort,
      upstreams,
      tls: { certificate, key, httpListen: `127.0.0.1:${httpPort}` },
    }),
    await startNginx({ dir: path.join(dir, 'plain'), port: plainPort, upstreams }),
  )
}, 60_000)

afterAll(async () => {
  for (const nginx of running) await nginx.stop()
  await new Promise((resolve) => app?.close(resolve))
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('deploy/nginx.conf', () => {
  it('sends its HSTS once on every answer over TLS, errors and cached locations included', async () => {
    for (const url of ['/', '/missing', '/_next/static/app.js', '/media/a.webp', '/metrics']) {
      const answer = await get(`https://127.0.0.1:${tlsPort}${url}`)
      expect(answer.hsts, url).toEqual([HSTS])
    }
  })

  it('answers plain http with a redirect to https and no HSTS', async () => {
    const answer = await get(`http://127.0.0.1:${httpPort}/cart?x=1`)
    expect(answer.status).toBe(301)
    expect(answer.location).toBe('https://127.0.0.1/cart?x=1')
    expect(answer.hsts).toEqual([])
  })

  it('sends no HSTS when the same settings are served over plain http', async () => {
    for (const url of ['/', '/missing', '/media/a.webp']) {
      expect((await get(`http://127.0.0.1:${plainPort}${url}`)).hsts, url).toEqual([])
    }
  })
})
