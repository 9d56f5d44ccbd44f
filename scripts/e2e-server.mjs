// The server behind the end-to-end tests: the production server `npm start` runs
// (scripts/server.mjs, front cache included) on the production build, with a fresh, temporary
// DATA_DIR (embedded database, demo catalog), removed again when the tests end. Its mail goes
// over SMTP (SMTP_URL) to a real SMTP server run here, which writes each message it receives,
// parsed, as a JSON file into E2E_MAIL_DIR for the tests to read (e2e/support/mail.ts).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureBuild } from './build-if-needed.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
ensureBuild()

const mailDir = process.env.E2E_MAIL_DIR
if (mailDir && process.env.SMTP_URL) {
  const { SMTPServer } = await import('smtp-server')
  const { simpleParser } = await import('mailparser')
  fs.rmSync(mailDir, { recursive: true, force: true })
  fs.mkdirSync(mailDir, { recursive: true })
  let received = 0
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No DNS lookup of the client's name per connection (up to 1.5 s with a slow resolver).
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          const message = {
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            date: new Date().toISOString(),
          }
          const name = `${String(++received).padStart(6, '0')}.json`
          fs.writeFileSync(path.join(mailDir, `${name}.tmp`), JSON.stringify(message))
          fs.renameSync(path.join(mailDir, `${name}.tmp`), path.join(mailDir, name))
          done()
        })
        .catch(done)
    },
  })
  const { port } = new URL(process.env.SMTP_URL)
  await new Promise((resolve) => sink.listen(Number(port), '127.0.0.1', resolve))
  process.on('exit', () => fs.rmSync(mailDir, { recursive: true, force: true }))
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'))
console.log(`[e2e] DATA_DIR=${dataDir}`)
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: process.env.PORT || '3100',
}
delete env.DATABASE_URL

const child = spawn(process.execPath, [path.join(ROOT, 'scripts/server.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
})
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => {
  cleanup()
  process.exit(code ?? 0)
})
