// The machine's limit for the bench: a bare Node HTTP server that answers each measured path
// with the exact bytes and Content-Type the shop sent for it, from memory, and nothing else.
//   node bench/lib/bare-server.mjs <port> <bodies.json>
// bodies.json: [{ "path": "/", "contentType": "text/html…", "contentEncoding": "gzip",
//                "file": "/tmp/…/0.body" }, …]
import fs from 'node:fs'
import http from 'node:http'

const [port, list] = process.argv.slice(2)
const bodies = new Map(
  JSON.parse(fs.readFileSync(list, 'utf8')).map((b) => [
    b.path,
    { body: fs.readFileSync(b.file), contentType: b.contentType, encoding: b.contentEncoding },
  ]),
)

http
  .createServer((req, res) => {
    const hit = bodies.get(req.url)
    if (!hit) {
      res.writeHead(404, { 'Content-Length': 0 })
      return res.end()
    }
    res.writeHead(200, {
      'Content-Type': hit.contentType,
      'Content-Length': hit.body.length,
      ...(hit.encoding ? { 'Content-Encoding': hit.encoding, Vary: 'Accept-Encoding' } : {}),
    })
    res.end(hit.body)
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'))
