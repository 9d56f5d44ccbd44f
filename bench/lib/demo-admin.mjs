// The demo admin of the seed (lib/users/demo-accounts.ts), as the benches sign in: a plain
// module, so it spells the account out instead of importing the TypeScript one.
export const DEMO_ADMIN = { email: 'adminuser@gmail.com', password: '12345678' }

/** Signs the demo admin in; the Cookie header to send as them. */
export async function signInAsAdmin(baseUrl) {
  const res = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
