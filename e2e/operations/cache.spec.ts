import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import fc from 'fast-check'
import { SESSION_COOKIE } from '../../lib/auth/session-cookie'
import { expect, sealedSession, signIn, test } from '../support/fixtures'
import { allProducts, MUTABLE_CATEGORY } from '../support/catalog'
import { accepts, decoded as text, raw } from '../../tests/support/raw-http'
import { orderBody } from '../../bench/lib/order-body.mjs'
import { newShopper } from '../support/shoppers'
import { showsWithinStockBound } from '../support/stock-bound'

// These run against scripts/server.mjs, the server `npm start` runs (front cache included).

// Pages are served from cache; a change through the product service must show at once.
test('a changed price and stock show at once on the product page and in the list', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const candidates = (await allProducts(request)).filter((p) => p.category === MUTABLE_CATEGORY)
  // Each browser project changes its own product, so they can run side by side.
  const product = candidates[testInfo.project.name === 'wide' ? 0 : 1]!
  // Changed by neither project: its page must stay in the front cache through the changes.
  // Under a URL of this run's own, so its copy is made now (not by an earlier test, near its
  // maximum age) and so that the two projects, asking at the same moment, may share one render
  // of it (Next renders a page once for all who ask at once): each copy must know its tags.
  const bystander = `/product/${candidates[2]!._id}?probe=${testInfo.project.name}-${Date.now()}`
  const listUrl = `/products?category=${MUTABLE_CATEGORY}&maxPrice=5000`
  const upperApi = `/api/v1/product/${product._id.toUpperCase()}`

  // Warm the cache, and check that it is served from it.
  await page.goto(`/product/${product._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name)
  const again = await page.request.get(`/product/${product._id}`)
  expect(again.headers()['x-nextjs-cache']).toBe('HIT')
  // The tags travel from Next's page cache to the front cache in a header no client sees.
  expect((await page.request.get(bystander)).headers()).not.toHaveProperty('x-shop-page-tags')
  expect((await page.request.get(bystander)).headers()['x-shop-cache']).toBe('front')
  // Another spelling of the id: the page leads to the one URL, the API reads the one entry.
  const upperPage = await page.request.get(`/product/${product._id.toUpperCase()}`, {
    maxRedirects: 0,
  })
  expect(upperPage.status()).toBe(308)
  expect(upperPage.headers()['location']).toBe(`/product/${product._id}`)
  expect((await (await page.request.get(upperApi)).json()).product.name).toBe(product.name)
  // The API's public reads are copies too, for callers who are not signed in.
  const productApi = `/api/v1/product/${product._id}`
  await request.get(productApi)
  const copy = await request.get(productApi)
  expect(copy.headers()['x-shop-cache']).toBe('front')
  expect((await copy.json()).product.name).toBe(product.name)
  await page.goto(listUrl)
  await expect(
    page.getByRole('link', { name: new RegExp(product.name.replace(/[()[\]+.*?]/g, '\\$&')) }),
  ).toBeVisible()

  await signIn(context, 'admin')
  const newPrice = 1234.56 + (testInfo.project.name === 'wide' ? 0 : 1)
  const res = await page.request.put(`/api/v1/admin/product/${product._id}`, {
    headers: { origin: baseURL! },
    data: {
      name: `${product.name} (updated)`,
      description: 'Updated by the cache test.',
      price: newPrice,
      stock: 0,
      category: product.category,
      itemCondition: 'New',
    },
  })
  expect(res.status()).toBe(200)

  const priceText = `$${newPrice.toLocaleString('en-US', { minimumFractionDigits: 2 })}`
  await page.goto(`/product/${product._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${product.name} (updated)`)
  await expect(page.getByText(priceText)).toBeVisible()
  await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible()

  // The API, asked with the id in upper case, shows the change too; a signed-in caller's
  // reads are never copies, and the copy a guest got before is gone.
  const signedInRead = await page.request.get(upperApi)
  expect(signedInRead.headers()['x-shop-cache']).toBeUndefined()
  expect((await signedInRead.json()).product.name).toBe(`${product.name} (updated)`)
  const guestRead = await request.get(productApi)
  expect((await guestRead.json()).product).toMatchObject({
    name: `${product.name} (updated)`,
    price: newPrice,
    stock: 0,
  })
  // Only the changed product's pages were dropped, not every page.
  const kept = await page.request.get(bystander)
  expect(kept.headers()['x-shop-cache']).toBe('front')

  await page.goto(listUrl)
  const card = page
    .getByRole('link', { name: new RegExp(`\\(updated\\)`) })
    .filter({ hasText: priceText })
  await expect(card).toBeVisible()
})

test('a JSON write answers its little JSON uncompressed; file uploads and reads come compressed', async ({
  baseURL,
  request,
}) => {
  const gzip = { 'accept-encoding': 'gzip, deflate, br' }
  const write = await fetch(`${baseURL}/api/v1/cart/add`, {
    method: 'POST',
    headers: { ...gzip, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: 'none', quantity: 1 }),
  })
  expect(write.status).toBe(401)
  expect(write.headers.get('content-encoding')).toBeNull()
  expect(((await write.json()) as { success: boolean }).success).toBe(false)
  // The product import's report grows with its file: that write keeps its compression.
  const upload = await fetch(`${baseURL}/api/v1/admin/products/import`, {
    method: 'POST',
    headers: gzip,
    body: new FormData(),
  })
  expect(upload.status).toBe(401)
  expect(upload.headers.get('content-encoding')).toBe('gzip')
  expect(((await upload.json()) as { success: boolean }).success).toBe(false)
  const read = await raw(baseURL!, `/api/v1/products?probe=${Date.now()}`, gzip)
  expect(read.status).toBe(200)
  expect(read.headers['content-encoding']).toMatch(/^(gzip|br|deflate)$/)
  // A read no copy answers (an Authorization header) is compressed by the server in one piece
  // (scripts/whole-compression.mjs): sent with its length, not chunked, and says it varies.
  const product = (await allProducts(request))[0]!
  for (const accept of ['gzip, deflate, br', 'deflate']) {
    const uncached = await raw(baseURL!, `/api/v1/product/${product._id}`, {
      'accept-encoding': accept,
      authorization: 'Bearer none',
    })
    expect(uncached.status).toBe(200)
    expect(uncached.headers['x-shop-cache']).toBeUndefined()
    expect(uncached.headers['content-encoding']).toBe(accept === 'deflate' ? 'deflate' : 'gzip')
    expect(uncached.headers['transfer-encoding']).toBeUndefined()
    expect(Number(uncached.headers['content-length'])).toBe(uncached.body.length)
    expect(uncached.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(text(uncached)).product._id).toBe(product._id)
  }
  // A download is compressed as it is streamed: the admin's CSV export of every product.
  const cookie = `${SESSION_COOKIE}=${await sealedSession('admin')}`
  const csv = await raw(baseURL!, '/api/v1/admin/products?format=csv', { ...gzip, cookie })
  expect(csv.status).toBe(200)
  expect(csv.headers['content-type']).toMatch(/^text\/csv/)
  expect(csv.headers['content-encoding']).toBe('gzip')
  expect(csv.headers['transfer-encoding']).toBe('chunked')
  const lines = text(csv).trimEnd().split('\n')
  expect(lines[0]).toMatch(/^\uFEFF?id,name,description,category,price,stock/)
  expect(lines.length).toBeGreaterThan(100)
})

test('a page is kept in the encoding it has, and read back only by clients that accept it', async ({
  baseURL,
}, testInfo) => {
  // Fresh URLs (an ignored query parameter), so that these requests are the first for them.
  for (const accept of ['deflate', '*', 'gzip;q=0, deflate', 'gzip']) {
    const path = `/products?probe=${encodeURIComponent(accept)}-${testInfo.project.name}-${Date.now()}`
    const first = await raw(baseURL!, path, { 'accept-encoding': accept })
    expect(first.status, accept).toBe(200)
    expect(first.headers['content-encoding'], accept).toMatch(/^(gzip|deflate)$/)
    const plainClients: Record<string, string>[] = [
      {},
      { 'accept-encoding': '' },
      { 'accept-encoding': 'identity' },
    ]
    for (const headers of plainClients) {
      const plain = await raw(baseURL!, path, headers)
      expect(plain.headers['content-encoding'], accept).toBeUndefined()
      expect(plain.body.toString('utf8', 0, 15).toLowerCase(), accept).toBe('<!doctype html>')
    }
    const refusing = await raw(baseURL!, path, { 'accept-encoding': 'identity;q=0, gzip' })
    expect(refusing.headers['content-encoding']).toBe('gzip')
    // (the other test may change the catalog meanwhile: compare the start, not the whole page)
    expect(text(refusing).slice(0, 15).toLowerCase()).toBe('<!doctype html>')
    expect(text(first).slice(0, 15).toLowerCase()).toBe('<!doctype html>')
  }
})

test("the page's scripts come in Brotli as the build compressed them, and decode to the files", async ({
  baseURL,
}) => {
  const home = text(await raw(baseURL!, '/', { 'accept-encoding': 'gzip' }))
  const scripts = [...home.matchAll(/src="(\/_next\/static\/[^"?]+\.js)"/g)].map((m) => m[1]!)
  expect(scripts.length).toBeGreaterThan(2)
  for (const script of new Set(scripts)) {
    const br = await raw(baseURL!, script, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(br.status, script).toBe(200)
    expect(br.headers['content-encoding'], script).toBe('br')
    const plain = await raw(baseURL!, script, {})
    expect(plain.headers['content-encoding'], script).toBeUndefined()
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body), script).toBe(true)
    // The very bytes `npm run build` wrote (scripts/static-assets.mjs): nothing compressed at start.
    const copy = path.join('.next/shop-brotli', `${script.slice('/_next/static/'.length)}.br`)
    expect(fs.readFileSync(copy).equals(br.body), script).toBe(true)
  }
})

test('pages vary by encoding and leave with a short shared-cache lifetime, not a year', async ({
  baseURL,
  request,
}) => {
  const products = await allProducts(request)
  for (const path of ['/', '/products?page=2', `/product/${products[3]!._id}`, '/aboutme']) {
    for (let i = 0; i < 2; i++) {
      // the second answer comes from the front cache
      const reply = await raw(baseURL!, path, { 'accept-encoding': 'gzip' })
      expect(reply.status, path).toBe(200)
      expect(reply.headers.vary, path).toMatch(/accept-encoding/i)
      expect(reply.headers['cache-control'], path).toBe('public, max-age=0, s-maxage=10')
    }
  }
})

test('methods a route does not serve get 405 with Allow, and odd requests never a 500', async ({
  baseURL,
}) => {
  for (const [method, path] of [
    ['TRACE', '/'],
    ['TRACE', '/products?page=2'],
    ['PUT', '/products'],
    ['DELETE', '/aboutme'],
    ['POST', '/product/abc'],
    ['OPTIONS', '/'],
  ] as const) {
    const reply = await raw(baseURL!, path, {}, method)
    expect(reply.status, `${method} ${path}`).toBe(405)
    expect(reply.headers.allow, `${method} ${path}`).toBe('GET, HEAD')
  }
  // Under the API, methods no route serves (Next answered the WebDAV ones with an empty 400) get
  // the API's JSON 405 naming the method.
  for (const method of ['TRACE', 'PROPFIND', 'PURGE', 'LINK']) {
    const reply = await raw(baseURL!, '/api/v1/products', {}, method)
    expect(reply.status, method).toBe(405)
    expect(reply.headers.allow, method).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
    expect(JSON.parse(reply.body.toString()), method).toEqual({
      success: false,
      message: `Method ${method} is not allowed here.`,
    })
  }
  // Methods Node's parser does not know are refused before any code runs.
  expect((await raw(baseURL!, '/', {}, 'TRACK')).status).toBe(400)
  for (const path of [
    '/%zz',
    '/product/%00',
    '/product/%E0%A4%A',
    '//x/../..',
    '/products/%ff',
    '/products?keyword=%E0%A4%A&page=%ff',
    '/api/v1/product/%E0%A4%A',
  ]) {
    const reply = await raw(baseURL!, path)
    expect(reply.status, path).toBeLessThan(500)
  }
  // Request targets that are not a path: `*` is refused, the absolute form is read as its path
  // (never a redirect to the host it names).
  expect((await raw(baseURL!, '*')).status).toBe(400)
  const absolute = await raw(baseURL!, 'http://evil.example/aboutme')
  expect(absolute.status).toBe(200)
  expect(absolute.headers.location).toBeUndefined()
})

test('the internal catalog route answers 404, also to a client that forges the rewrite marker', async ({
  baseURL,
}) => {
  const segment = encodeURIComponent('kind=products&page=1&junk=1')
  for (const headers of [{}, { 'x-shop-catalog-view': '1' }] as Record<string, string>[]) {
    const reply = await raw(baseURL!, `/catalog-view/${segment}`, headers)
    expect(reply.status, JSON.stringify(headers)).toBe(404)
  }
  // while the public URL of a view still works
  expect((await raw(baseURL!, '/products?page=1')).status).toBe(200)
})

test('random traffic and changes: every answer decodes, by its own headers, to the current page', async ({
  page,
  context,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const candidates = (await allProducts(request)).filter((p) => p.category === MUTABLE_CATEGORY)
  // Its own product per browser project (the other tests change candidates 0 to 1).
  const product = candidates[testInfo.project.name === 'wide' ? 3 : 4]!
  await signIn(context, 'admin')
  let version = 0
  const name = () => `Probe ${testInfo.project.name} ${product._id.slice(0, 8)} v${version}`
  const change = async () => {
    version++
    const res = await page.request.put(`/api/v1/admin/product/${product._id}`, {
      headers: { origin: baseURL! },
      data: {
        name: name(),
        description: 'Changed by the random traffic test.',
        price: 10 + version,
        stock: 5,
        category: product.category,
        itemCondition: 'New',
      },
    })
    expect(res.status()).toBe(200)
  }
  await change()

  const get = fc.record({
    kind: fc.constant('get' as const),
    api: fc.boolean(),
    upper: fc.boolean(),
    reversed: fc.boolean(),
    encoding: fc.constantFrom(
      undefined,
      '',
      'gzip',
      'deflate',
      '*',
      'gzip;q=0, deflate',
      'identity;q=0, gzip',
      'gzip, deflate, br, zstd',
      'br',
    ),
    method: fc.constantFrom('GET', 'HEAD'),
  })
  const commands = fc.array(
    fc.oneof(
      { weight: 5, arbitrary: get },
      { weight: 1, arbitrary: fc.constant({ kind: 'change' as const }) },
    ),
    { minLength: 5, maxLength: 15 },
  )
  await fc.assert(
    fc.asyncProperty(commands, async (sequence) => {
      for (const c of sequence) {
        if (c.kind === 'change') {
          await change()
          continue
        }
        const id = c.upper ? product._id.toUpperCase() : product._id
        const query = c.reversed ? '?b=2&a=1' : '?a=1&b=2'
        const path = c.api ? `/api/v1/product/${id}` : `/product/${id}${query}`
        const headers: Record<string, string> =
          c.encoding === undefined ? {} : { 'accept-encoding': c.encoding }
        const reply = await raw(baseURL!, path, headers, c.method)
        const what = `${c.method} ${path} (${c.encoding ?? 'no Accept-Encoding'})`
        if (!c.api && c.upper) {
          expect(reply.status, what).toBe(308)
          continue
        }
        expect(reply.status, what).toBe(200)
        if (c.method === 'HEAD') continue
        const coding = String(reply.headers['content-encoding'] ?? 'identity')
        expect(accepts(c.encoding, coding), what).toBe(true)
        const body = text(reply)
        if (c.api) expect(JSON.parse(body).product.name, what).toBe(name())
        else expect(body, what).toMatch(new RegExp(`<h1[^>]*>${name()}</h1>`))
      }
    }),
    { numRuns: 6 },
  )
})

// Orders change stock without expiring every list page (only a sell-out does): the product's
// page and the API's list still show the stock of the moment.
test('an order shows within the stock bound in its product page and the API list; a sell-out in the list pages', async ({
  page,
  context,
  request,
  baseURL,
  playwright,
}, testInfo) => {
  // Its own product per browser project (the review tests only review these two).
  const candidates = (await allProducts(request)).filter((p) => p.category === MUTABLE_CATEGORY)
  const product = candidates[testInfo.project.name === 'wide' ? 5 : 6]!
  const origin = { origin: baseURL! }
  await signIn(context, 'admin')
  // A shopper of its own: orders empty the buyer's cart, which other tests fill.
  const shopper = await playwright.request.newContext({ baseURL })
  await newShopper(shopper, baseURL!, 'stock')
  const setStock = async (stock: number) => {
    const res = await page.request.put(`/api/v1/admin/product/${product._id}`, {
      headers: origin,
      data: {
        name: product.name,
        description: 'Changed by the stock test.',
        price: product.price,
        stock,
        category: product.category,
        itemCondition: 'New',
      },
    })
    expect(res.status()).toBe(200)
  }
  const buyOne = async () => {
    const added = await shopper.post('/api/v1/cart/add', {
      headers: origin,
      data: { productId: product._id, quantity: 1 },
    })
    expect(added.status()).toBe(200)
    const ordered = await shopper.post('/api/v1/order/new', {
      headers: origin,
      data: orderBody({ id: product._id, price: product.price }),
    })
    expect(ordered.status()).toBe(201)
  }
  const listed = async () => {
    const res = await page.request.get(`/api/v1/products?category=${MUTABLE_CATEGORY}&limit=100`)
    const { products } = (await res.json()) as { products: { _id: string; stock: number }[] }
    return products.find((p) => p._id === product._id)!.stock
  }
  const listUrl = `/products?category=${MUTABLE_CATEGORY}`
  const card = () =>
    page.getByRole('link', {
      name: new RegExp(product.name.replace(/[()[\]+.*?]/g, '\\$&')),
    })

  await setStock(2)
  try {
    // Both cached: the product's page and the list pages.
    await page.goto(`/product/${product._id}`)
    await expect(page.getByText('Only 2 left')).toBeVisible()
    await page.goto(listUrl)
    await expect(card()).not.toContainText('Sold out')
    expect(await listed()).toBe(2)

    await buyOne()
    await showsWithinStockBound(async () => {
      await page.goto(`/product/${product._id}`)
      await expect(page.getByText('Only 1 left')).toBeVisible({ timeout: 100 })
    })
    await showsWithinStockBound(async () => expect(await listed()).toBe(1))

    // The last unit: every list page that shows the product says so (its card: 'Sold out').
    await buyOne()
    await showsWithinStockBound(async () => {
      await page.goto(listUrl)
      await expect(card()).toContainText('Sold out', { timeout: 100 })
    })
    await showsWithinStockBound(async () => expect(await listed()).toBe(0))
    await showsWithinStockBound(async () => {
      await page.goto(`/product/${product._id}`)
      await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible({ timeout: 100 })
    })
  } finally {
    await setStock(product.stock)
    await shopper.dispose()
  }
})
