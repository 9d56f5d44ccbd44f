// One keep-alive HTTP/1.1 connection as a browser tab holds it, from a chosen loopback address,
// at a fraction of node:http's cost per request.
//
// The mixed-load bench runs its load generator on the shop's own cores, so what the generator
// spends per request is taken from the shop in the very runs that compare browsing with buying:
// through node:http (an Agent per visit, a ClientRequest, an IncomingMessage stream per answer)
// it cost about 0.28 ms of CPU per request on this kind of machine, more than the shop's own
// 0.2 ms for a cached page. This client writes each request as one string and reads the answer
// with just enough HTTP to frame it: a status line, headers, then a body by Content-Length, by
// chunks, or up to the close. One request at a time per connection; when the shop closes the
// connection (Connection: close, an idle timeout), the next request opens a new one.
import net from 'node:net'

const CRLF2 = Buffer.from('\r\n\r\n')

export class Connection {
  /** @param {string} origin `http://host:port` @param {{ localAddress?: string }} [options] */
  constructor(origin, { localAddress } = {}) {
    const url = new URL(origin)
    this.host = url.hostname
    this.port = Number(url.port || 80)
    this.hostHeader = url.host
    this.localAddress = localAddress
    this.socket = undefined
    this.pending = undefined
  }

  /**
   * `request(path, { method, headers, body, timeoutMs })` answers
   * { status, headers, buffer, text, cookies } (header names in lower case; set-cookie an array).
   */
  request(path, { method = 'GET', headers = {}, body, timeoutMs = 30_000 } = {}) {
    if (this.pending) return Promise.reject(new Error('one request at a time per connection'))
    const payload = body === undefined ? undefined : Buffer.from(body)
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.hostHeader}\r\n`
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`
    if (payload) head += `content-length: ${payload.length}\r\n`
    head += '\r\n'
    return new Promise((resolve, reject) => {
      const socket = this.#open()
      const timer = setTimeout(() => {
        this.#fail(new Error(`${method} ${path} took over ${timeoutMs} ms`))
      }, timeoutMs)
      this.pending = {
        method,
        resolve: (answer) => {
          clearTimeout(timer)
          resolve(answer)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
        status: 0,
        headers: undefined,
        mode: undefined,
        length: 0,
        chunks: [],
        buffered: Buffer.alloc(0),
      }
      socket.write(payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : head, 'latin1')
    })
  }

  close() {
    this.socket?.destroy()
    this.socket = undefined
  }

  #open() {
    if (this.socket && !this.socket.destroyed && this.socket.writable) return this.socket
    const socket = net.connect({
      host: this.host,
      port: this.port,
      localAddress: this.localAddress,
    })
    socket.setNoDelay(true)
    socket.on('data', (chunk) => this.#read(chunk))
    socket.on('end', () => this.#ended(socket))
    socket.on('close', () => this.#ended(socket))
    socket.on('error', (error) => {
      if (this.socket === socket) this.#fail(error)
    })
    this.socket = socket
    return socket
  }

  #ended(socket) {
    if (this.socket !== socket) return
    const p = this.pending
    // An answer framed by the close ends here; any other is cut short.
    if (p?.mode === 'close') this.#finish(p.buffered, true)
    else if (p) this.#fail(new Error('the server closed the connection mid-answer'))
    this.socket = undefined
  }

  #fail(error) {
    const p = this.pending
    this.pending = undefined
    this.socket?.destroy()
    this.socket = undefined
    p?.reject(error)
  }

  #finish(body, closed = false) {
    const p = this.pending
    this.pending = undefined
    const connection = String(p.headers.connection ?? '').toLowerCase()
    if (closed || connection === 'close') this.close()
    const setCookie = p.headers['set-cookie'] ?? []
    p.resolve({
      status: p.status,
      headers: p.headers,
      buffer: body,
      get text() {
        return body.toString('utf8')
      },
      json: () => JSON.parse(body.toString('utf8')),
      cookies: setCookie.map((c) => c.split(';')[0]).join('; '),
    })
  }

  #read(chunk) {
    const p = this.pending
    if (!p) return // nothing asked: a stray byte from a closing connection
    p.buffered = p.buffered.length ? Buffer.concat([p.buffered, chunk]) : chunk
    if (!p.headers) {
      const end = p.buffered.indexOf(CRLF2)
      if (end < 0) return
      const lines = p.buffered.subarray(0, end).toString('latin1').split('\r\n')
      p.buffered = p.buffered.subarray(end + 4)
      p.status = Number(lines[0].split(' ')[1])
      const headers = {}
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':')
        const name = line.slice(0, colon).trim().toLowerCase()
        const value = line.slice(colon + 1).trim()
        if (name === 'set-cookie') (headers[name] ??= []).push(value)
        else headers[name] = name in headers ? `${headers[name]}, ${value}` : value
      }
      p.headers = headers
      const noBody = p.method === 'HEAD' || p.status === 204 || p.status === 304
      if (noBody) p.mode = 'none'
      else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) p.mode = 'chunked'
      else if (headers['content-length'] !== undefined) {
        p.mode = 'length'
        p.length = Number(headers['content-length'])
      } else p.mode = 'close'
    }
    if (p.mode === 'none') return this.#finish(Buffer.alloc(0))
    if (p.mode === 'length') {
      if (p.buffered.length >= p.length) this.#finish(p.buffered.subarray(0, p.length))
      return
    }
    if (p.mode === 'chunked') this.#chunks(p)
  }

  #chunks(p) {
    for (;;) {
      const line = p.buffered.indexOf('\r\n')
      if (line < 0) return
      const size = Number.parseInt(p.buffered.subarray(0, line).toString('latin1'), 16)
      if (!Number.isFinite(size)) return this.#fail(new Error('a malformed chunk size'))
      if (size === 0) {
        // The last chunk, then any trailers, then the blank line.
        if (p.buffered.indexOf(CRLF2, line) < 0) return
        return this.#finish(Buffer.concat(p.chunks))
      }
      if (p.buffered.length < line + 2 + size + 2) return
      p.chunks.push(p.buffered.subarray(line + 2, line + 2 + size))
      p.buffered = p.buffered.subarray(line + 2 + size + 2)
    }
  }
}
