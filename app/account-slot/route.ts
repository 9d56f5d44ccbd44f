import { getCurrentUser } from '@/lib/auth/current-user'
import { loginHref, safeReturnTo } from '@/lib/routes'

// The top bar's account link for a browser without JavaScript. Storefront pages are the same
// bytes for everyone (docs/decisions/0003-caching.md), so their top bar cannot say who is
// looking; its <noscript> frames this instead (components/layout/user-slot.tsx), which answers
// per request: the Login link for a guest, the avatar linking to the profile for a user. A bare
// HTML document, not a page: no shell, no scripts, a few hundred bytes, framed by this origin
// only. Only browsers without JavaScript ever ask for it.

export const dynamic = 'force-dynamic'

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

// The top bar's own look (its Login button and avatar ring), in the frame's own small sheet.
const STYLE = `html,body{margin:0;height:100%;background:#0b1220;overflow:hidden}
body{display:flex;justify-content:flex-end;align-items:center;font:600 14px/1 system-ui,sans-serif}
a{display:inline-flex;align-items:center;height:36px;border-radius:6px;color:#0b1220}
a.login{padding:0 12px;background:#22d3ee;text-decoration:none}
a.login:hover{background:#67e8f9}
a:focus-visible{outline:2px solid #22d3ee;outline-offset:2px}
a.me{width:36px;border-radius:50%;overflow:hidden;box-shadow:0 0 0 2px rgb(34 211 238/.7)}
a.me img,a.me span{width:36px;height:36px;object-fit:cover}
a.me span{display:flex;align-items:center;justify-content:center;background:#4f46e5;color:#fff}`

// The frame may be shown by the shop's own pages only; it has nothing to run.
const POLICY = [
  "default-src 'none'",
  "img-src 'self' data:",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ')

function link(user: Awaited<ReturnType<typeof getCurrentUser>>, from: string): string {
  if (!user) {
    return `<a class="login" href="${escape(loginHref(from))}" target="_top">Login</a>`
  }
  const name = escape(user.name)
  // Only the shop's own stored images: the policy (and next/image elsewhere) allows no other host.
  const url = user.avatarUrl.startsWith('/media/') ? user.avatarUrl : ''
  const picture = url
    ? `<img src="${escape(url)}" alt="${name}'s profile" width="36" height="36">`
    : `<span role="img" aria-label="${name}'s profile">${name.slice(0, 1).toUpperCase()}</span>`
  return `<a class="me" href="/user/profile" target="_top" title="${name} – your profile">${picture}</a>`
}

// GET /account-slot?from={path}: the Login link (back to `from` after) or the profile avatar.
export async function GET(request: Request) {
  const user = await getCurrentUser()
  const from = safeReturnTo(new URL(request.url).searchParams.get('from'))
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your account</title><meta name="robots" content="noindex"><style>${STYLE}</style></head><body>${link(user, from)}</body></html>`
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': POLICY,
      'X-Robots-Tag': 'noindex',
    },
  })
}
