// The machine's limit for the bench: a bare Node HTTP server that answers each measured path
// with the exact bytes the shop sent for it (its cached answer's headers, as recorded, and its
// body), from memory, and nothing else.
//   node bench/lib/bare-server.mjs <port> <bodies.json>
// bodies.json: [{ "path": "/", "headers": [["Content-Type", "text/html…"], …],
//                "file": "/tmp/…/0.body" }, …]
import fs from 'node:fs'
import http from 'node:http'

const [port, list] = process.argv.slice(2)
const bodies = new Map(
  JSON.parse(fs.readFileSync(list, 'utf8')).map((b) => [
    b.path,
    { body: fs.readFileSync(b.file), headers: b.headers },
  ]),
)

http
  .createServer((req, res) => {
    const hit = bodies.get(req.url)
    if (!hit) {
      res.writeHead(404, { 'Content-Length': 0 })
      return res.end()
    }
    res.writeHead(200, [...hit.headers, ['Content-Length', String(hit.body.length)]])
    res.end(hit.body)
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'))
