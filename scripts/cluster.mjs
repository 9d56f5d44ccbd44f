// The shop scaled out on one machine, with real parts only: a fresh PostgreSQL database, an
// S3-protocol object store (s3rver), several app hosts (`npm start`'s server) and nginx with the
// configuration of deploy/nginx.conf in front. The cluster test (tests/cluster) and the mixed-load
// bench (bench/mixed.mjs) start it; run it by hand to try the set-up:
//
//   node scripts/cluster.mjs [--hosts 2] [--port 8080]      (Ctrl-C stops and removes it all)
//
// Needs nginx (`apt-get install -y nginx`) and PostgreSQL (PG_ADMIN_URL, else TEST_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/postgres: a database is created there and dropped
// again).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { freePort, startServer, tail } from '../bench/lib/server.mjs'
import { ensureBuild } from './build-if-needed.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx'
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * deploy/nginx.conf with only its marked lines changed: upstreams, cache folder, and the address
 * of the TLS server. With `tls` it runs as written: TLS on `listen` with that certificate, the
 * redirect to https on `tls.httpListen`. Without, the TLS server's settings are served over plain
 * http on `listen` and the redirect server is left out (the cluster speaks plain http).
 */
export function nginxSiteConfig({ listen, upstreams, cacheDir, tls }) {
  const text = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')
  const servers = upstreams
    .map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`)
    .join('\n')
  let out = text
    .replace(
      /(upstream byteshop \{\n(?:.*\n)*?)((?: {4}server [^\n]+\n)+)/,
      (_, head) => `${head}${servers}\n`,
    )
    .replace(/proxy_cache_path \S+/, `proxy_cache_path ${cacheDir}`)
  const expected = [servers, `proxy_cache_path ${cacheDir}`]
  if (tls) {
    out = out
      .replace(/listen 80;/, `listen ${tls.httpListen};`)
      .replace(/listen 443 ssl;/, `listen ${listen} ssl;`)
      .replace(/ssl_certificate \S+;/, `ssl_certificate ${tls.certificate};`)
      .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${tls.key};`)
    expected.push(`listen ${tls.httpListen};`, `listen ${listen} ssl;`, tls.certificate, tls.key)
  } else {
    out = out
      .replace(/\n# Plain http:[^\n]*\nserver \{\n[\s\S]*?\n\}\n/, '\n')
      .replace(/listen 443 ssl;/, `listen ${listen};`)
      .replace(/ *ssl_certificate(_key)? \S+;\n/g, '')
    expected.push(`listen ${listen};`)
    if (/listen 80;|ssl_certificate/.test(out)) {
      throw new Error('deploy/nginx.conf: could not turn its TLS server into a plain one')
    }
  }
  for (const value of expected) {
    if (!out.includes(value)) throw new Error(`deploy/nginx.conf: could not set "${value}"`)
  }
  return out
}

/** A main nginx.conf around the site file, everything under `dir`, for a process we own. */
function nginxMainConfig(dir) {
  const temp = (name) => path.join(dir, name)
  return `# written by scripts/cluster.mjs
${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 2;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format cluster '$upstream_addr|$status|$request_method|$uri|$request_id';
  access_log ${temp('access.log')} cluster;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${temp('byteshop.conf')};
}
`
}

/** Runs a command to its end; rejects with its output when it fails. */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${signal ?? `exit code ${code}`}\n${output}`)),
    )
  })
}

function waitForPort(port, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve()
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline) reject(new Error(`nothing listens on port ${port}`))
        else setTimeout(attempt, 100)
      })
    }
    attempt()
  })
}

/** nginx with deploy/nginx.conf (nginxSiteConfig) on `port`, in `dir`; `stop()` ends it. */
export async function startNginx({ dir, port, upstreams, tls }) {
  if (!fs.existsSync(NGINX)) {
    throw new Error(`nginx is not installed (${NGINX}); apt-get install -y nginx`)
  }
  for (const sub of ['cache', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true })
  }
  fs.writeFileSync(
    path.join(dir, 'byteshop.conf'),
    nginxSiteConfig({
      listen: `127.0.0.1:${port}`,
      upstreams,
      cacheDir: path.join(dir, 'cache'),
      tls,
    }),
  )
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConfig(dir))
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;']
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`)
  const child = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  await waitForPort(port).catch((error) => {
    child.kill('SIGKILL')
    throw new Error(`${error.message}; nginx said: ${stderr}`)
  })
  const exit = new Promise((resolve) => child.once('exit', resolve))
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    errorLog: () => tail(path.join(dir, 'error.log'), 50),
    /** Each request so far: which upstream answered (the last one tried), status, method, path. */
    accessLog: () =>
      fs
        .readFileSync(path.join(dir, 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [upstreams, status, method, uri, requestId] = line.split('|')
          return {
            upstream: upstreams.split(', ').at(-1),
            status: Number(status),
            method,
            uri,
            requestId,
          }
        }),
    stop: async () => {
      if (child.exitCode !== null) return
      child.kill('SIGQUIT')
      await Promise.race([exit, sleep(5_000).then(() => child.kill('SIGKILL'))])
    },
  }
}

async function startS3({ dir, port }) {
  const { startS3Server } = await import('./s3-test-server.mjs')
  return startS3Server({ port, dir: path.join(dir, 's3'), bucket: 'byteshop' })
}

/** Creates a database of its own on the PostgreSQL server; `drop()` removes it again. */
export async function createDatabase(
  adminUrl = process.env.PG_ADMIN_URL || process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL,
) {
  const name = `shop_cluster_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({
    connectionString: adminUrl,
    user: new URL(adminUrl).username || 'postgres',
  })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({
        connectionString: adminUrl,
        user: new URL(adminUrl).username || 'postgres',
      })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/**
 * Starts the whole set-up. `shoppers`: how many verified shoppers to seed (bench/seed-shoppers.ts,
 * password in the answer). Answers { url (nginx), hosts, db, s3, shoppers, stop() }.
 */
export async function startCluster({
  hosts: hostCount = 2,
  port,
  shoppers = 0,
  s3 = true,
  env: extraEnv = {},
  log = () => {},
} = {}) {
  ensureBuild()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'))
  const cleanups = []
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    const db = await createDatabase()
    cleanups.push(db.drop)
    log(`database ${db.name}`)
    const store = s3 ? await startS3({ dir, port: await freePort() }) : undefined
    if (store) {
      cleanups.push(store.stop)
      log(`object store ${store.endpoint}`)
    }
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '10',
      DEMO_MODE: 'true',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // Only nginx, on this machine, may set the forwarded headers.
      TRUST_PROXY: '127.0.0.1',
      HOSTNAME: '127.0.0.1',
      ...(store?.env ?? {}),
      ...extraEnv,
    }
    delete env.DATA_DIR
    // Catalog, demo logins and shoppers, written once before any host starts.
    const seedDir = path.join(dir, 'seed')
    fs.mkdirSync(seedDir)
    const seedFile = path.join(dir, 'shoppers.json')
    // Not spawnSync: the S3 test server runs in this very process and must answer meanwhile.
    await run(
      process.execPath,
      [
        'node_modules/tsx/dist/cli.mjs',
        '--conditions=react-server',
        'bench/seed-shoppers.ts',
        String(Math.max(shoppers, 1)),
        seedFile,
      ],
      { cwd: ROOT, env: { ...env, DATA_DIR: seedDir } },
    ).catch((error) => {
      throw new Error(`seeding failed:\n${error.message}`)
    })
    log('seeded')

    const hosts = []
    const startHost = async (index, hostPort) => {
      const dataDir = path.join(dir, `host${index + 1}`)
      fs.mkdirSync(dataDir, { recursive: true })
      const server = await startServer({
        root: ROOT,
        port: hostPort,
        env: { ...env, DATA_DIR: dataDir },
        logFile: path.join(dataDir, 'server.log'),
        // Ready: the database answers and the migrations are applied.
        readyPath: '/api/ready',
      })
      return Object.assign(server, {
        index,
        port: hostPort,
        logFile: path.join(dataDir, 'server.log'),
        /** Starts this host again (after a stop or a crash) on the same port and settings. */
        restart: async () => {
          const again = await startHost(index, hostPort)
          hosts[index] = again
          return again
        },
        /** kill -9: no shutdown, no flushing, sockets cut. */
        crash: () => process.kill(-server.child.pid, 'SIGKILL'),
      })
    }
    const ports = []
    for (let i = 0; i < hostCount; i++) ports.push(await freePort())
    // One at a time: both would build the same caches and run migrations together.
    for (let i = 0; i < hostCount; i++) hosts.push(await startHost(i, ports[i]))
    cleanups.push(async () => Promise.all(hosts.map((h) => h.stop())))
    log(`app hosts on ${ports.join(', ')}`)

    const nginxPort = port ?? (await freePort())
    const nginx = await startNginx({
      dir: path.join(dir, 'nginx'),
      port: nginxPort,
      upstreams: ports.map((p) => `127.0.0.1:${p}`),
    })
    cleanups.push(nginx.stop)
    log(`nginx on ${nginx.url}`)
    return {
      url: nginx.url,
      nginx,
      hosts,
      db,
      s3: store,
      seed: JSON.parse(fs.readFileSync(seedFile, 'utf8')),
      dir,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`)
    return i === -1 ? fallback : Number(process.argv[i + 1])
  }
  const cluster = await startCluster({
    hosts: arg('hosts', 2),
    port: arg('port', 8080),
    log: (line) => console.log(`[cluster] ${line}`),
  })
  console.log(`[cluster] the shop is on ${cluster.url} (Ctrl-C to stop and remove everything)`)
  const quit = async () => {
    await cluster.stop()
    process.exit(0)
  }
  process.once('SIGINT', quit)
  process.once('SIGTERM', quit)
}
