import type { APIRequestContext } from '@playwright/test'
import sharp from 'sharp'
import { postFromOwnAddress } from './fixtures'
import { linkPath, waitForMail } from './mail'

// A shopper of its own, signed up and verified the way a visitor is (register → the mailed
// link), for tests that need someone who is neither demo account: the demo admin sees every
// order, and the demo shopper is busy in other specs.

/** A small real picture of one colour (the server re-encodes it with sharp). */
export function picture(r: number, g: number, b: number) {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer()
}

/** The password of every shopper newShopper makes. */
export const SHOPPER_PASSWORD = 'a passphrase for tests 7'

/** Registers and verifies a new shopper; `request` (a browser context's) is signed in after. */
export async function newShopper(request: APIRequestContext, baseURL: string, label: string) {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  // From an address of its own (the signup limit is 10 an hour per address, and a run signs up
  // more shoppers than that); the verify link below is then opened by the context, signing it in.
  const boundary = `e2e-${Math.random().toString(36).slice(2)}`
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const body = Buffer.concat([
    Buffer.from(
      field('name', 'Second Shopper') +
        field('email', email) +
        field('password', SHOPPER_PASSWORD) +
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    await picture(30, 120, 200),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const registered = await postFromOwnAddress('/api/v1/register', body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    origin: baseURL,
  })
  if (registered.status !== 201) {
    throw new Error(`register answered ${registered.status}: ${registered.text}`)
  }
  const mail = await waitForMail(email, /Verify your ByteShop account/)
  const token = linkPath(mail, '/user/verify/').slice('/user/verify/'.length)
  // Typed in (no Origin, no Referer), as a click in a mail program is: it signs in.
  const verified = await request.get(`/api/v1/verify/${token}`)
  if (!verified.ok()) throw new Error(`verify answered ${verified.status()}`)
  return { email }
}
