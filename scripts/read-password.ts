// The password of `npm run admin -- create`: never from the command line (it would be in the
// shell's history and in every process listing). At a terminal it is asked for twice without
// echo; otherwise the first line of standard input is the password, taken as typed but for the
// line ending (`printf '%s\n' "$PASSWORD" | npm run admin -- create …`, or `< file`).
import type { Readable } from 'node:stream'

/** Nothing longer is a password worth reading (signup allows 128 characters). */
const MAX_LINE = 4096

/** One line typed at the terminal, shown as nothing; rejects on Ctrl-C, or Ctrl-D on an empty line. */
function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin
  process.stderr.write(prompt)
  stdin.setRawMode(true)
  stdin.setEncoding('utf8')
  stdin.resume()
  return new Promise((resolve, reject) => {
    let value = ''
    const finish = (error?: Error) => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
      if (error) reject(error)
      else resolve(value)
    }
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish()
        if (ch === '\u0003' || (ch === '\u0004' && value === '')) {
          return finish(new Error('Cancelled; nothing changed.'))
        }
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('')
        // An escape sequence (arrow keys and such) is not part of a password: skip the rest.
        else if (ch === '\u001b') break
        else if (ch >= ' ') value += ch
      }
    }
    stdin.on('data', onData)
  })
}

/** The first line of a stream (without its line ending); undefined when the stream is empty. */
export async function firstLine(stream: Readable): Promise<string | undefined> {
  let text = ''
  stream.setEncoding('utf8')
  for await (const chunk of stream) {
    text += chunk as string
    const end = text.indexOf('\n')
    if (end !== -1) return text.slice(0, end).replace(/\r$/, '')
    if (text.length > MAX_LINE) break
  }
  return text === '' ? undefined : text.replace(/\r$/, '')
}

/** The new password: asked twice at a terminal, else the first line of standard input. */
export async function readNewPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const password = await askHidden('Password (not shown): ')
    const again = await askHidden('The same password again: ')
    if (password !== again) throw new Error('The two passwords differ; nothing changed.')
    return password
  }
  const line = await firstLine(process.stdin)
  if (line === undefined) {
    throw new Error(
      'No password: standard input is not a terminal, so its first line must hold the password.',
    )
  }
  return line
}
