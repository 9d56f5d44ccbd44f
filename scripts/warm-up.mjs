// A new process warms up before it takes traffic (decision 0016). Its first requests would
// otherwise load the route modules, compile the hot functions, fill the page and front caches
// and open the database's connections while the real traffic waits for them: a process started
// during a sale, as a rolling deploy does, shed uncached requests with 503 for its first seconds
// (issue 17). So before the server listens on its port, it answers a shopper's first steps sent
// to itself on a loopback port of its own: the catalog pages and API reads in the encoding
// browsers ask for (they are then in the front cache), a product's page, the cart and order calls
// with an empty body (each answers 401 and changes nothing, but its route is loaded) and the login
// route with a GET (405: a POST, even an empty one, would count against the address's login
// limit). A step that fails is logged and skipped. WARM_UP_MS bounds the first catalog read and,
// from its answer on, the rest: the first read waits for the database to open, which on a first
// start includes migrating and seeding it (tens of seconds on a busy machine), and that wait must
// not use up the time the steps need. A catalog that does not answer, or not within the bound,
// ends it at once (the shop starts anyway, cold); so a start waits at most twice WARM_UP_MS.
import { Agent, createServer, request as httpRequest } from 'node:http'

/** What browsers send: the front cache keeps the copy of each page in the coding it replays. */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd'
const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
/** The writes a shopper's first minute makes, called with an empty body: loaded, not run. */
const WRITES = ['/api/v1/cart/add', '/api/v1/order/new']

/**
 * The steps after the first catalog read, given its first product's id and a word of its name
 * (a shop with no product yet warms the rest).
 * @param {{ id: string, word: string } | undefined} product
 */
export function warmUpSteps(product) {
  const id = product && encodeURIComponent(product.id)
  const pages = [
    '/',
    '/products',
    '/products?page=2',
    '/products/catogries',
    '/user/login',
    '/cart',
  ]
  const reads = ['/api/v1/products']
  if (id) {
    pages.push(`/products/${encodeURIComponent(product.word)}`, `/product/${id}`)
    reads.push(`/api/v1/product/${id}`, `/api/v1/reviews?productId=${id}`)
  }
  // GET /api/v1/login answers 405 and loads the route without touching the login limit.
  reads.push('/api/v1/login')
  return [
    ...pages.map(page),
    ...reads.map((path) => ({
      method: 'GET',
      path,
      headers: { 'accept-encoding': BROWSER_ENCODING },
    })),
    ...WRITES.map((path) => ({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })),
  ]
}

/** @param {string} path */
function page(path) {
  return {
    method: 'GET',
    path,
    headers: { accept: PAGE_ACCEPT, 'accept-encoding': BROWSER_ENCODING },
  }
}

/**
 * Runs the warm-up through `handler` (the server's request listener) on a loopback port of its
 * own, closed again before this resolves. `host`: the Host header of every step (Next's own
 * origin, so that its rewrites stay in this process).
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} handler
 * @param {{ host: string, timeoutMs: number }} options
 * @returns {Promise<{ steps: number, failed: string[], ms: number, stopped?: string }>}
 */
export async function warmUp(handler, { host, timeoutMs }) {
  const started = Date.now()
  /** @type {{ steps: number, failed: string[], stopped?: string }} */
  const result = { steps: 0, failed: [] }
  if (timeoutMs <= 0) return { ...result, ms: 0, stopped: 'WARM_UP_MS=0' }
  const server = createServer(handler)
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(undefined))
  })
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  let deadline = started + timeoutMs
  /** @param {{ method: string, path: string, headers: Record<string, string>, body?: string }} step */
  const send = (step) =>
    new Promise((resolve, reject) => {
      const left = deadline - Date.now()
      if (left <= 0) return reject(new Error('out of time'))
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          agent,
          method: step.method,
          path: step.path,
          headers: { ...step.headers, host },
          timeout: left,
        },
        (res) => {
          const chunks = []
          res.on('data', (c) => chunks.push(c))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
          res.on('error', reject)
        },
      )
      req.on('timeout', () => req.destroy(new Error('out of time')))
      req.on('error', reject)
      req.end(step.body)
    })
  const run = async () => {
    let first
    try {
      first = await send({ method: 'GET', path: '/api/v1/products?limit=1', headers: {} })
    } catch (error) {
      result.stopped = `the catalog did not answer (${messageOf(error)})`
      return
    }
    result.steps++
    if (first.status !== 200) {
      result.stopped = `the catalog answered ${first.status}`
      return
    }
    // The database is open: the steps get the whole bound, whatever opening it took.
    deadline = Date.now() + timeoutMs
    for (const step of warmUpSteps(firstProduct(first.body))) {
      try {
        const { status } = await send(step)
        result.steps++
        if (status >= 500) result.failed.push(`${step.method} ${step.path}: ${status}`)
      } catch (error) {
        if (Date.now() >= deadline) {
          result.stopped = `WARM_UP_MS (${timeoutMs}) passed at ${step.method} ${step.path}`
          return
        }
        result.failed.push(`${step.method} ${step.path}: ${messageOf(error)}`)
      }
    }
  }
  try {
    await run()
    return { ...result, ms: Date.now() - started }
  } finally {
    agent.destroy()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(() => resolve(undefined)))
  }
}

/**
 * The first product of a list answer: its id and the first word of its name (for a search).
 * @param {Buffer} body
 */
function firstProduct(body) {
  try {
    const item = JSON.parse(body.toString('utf8'))?.products?.[0]
    if (typeof item?._id !== 'string') return undefined
    const word = /[\p{L}\p{N}]+/u.exec(String(item.name ?? ''))?.[0] ?? 'a'
    return { id: item._id, word: word.toLowerCase() }
  } catch {
    return undefined
  }
}

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error))
