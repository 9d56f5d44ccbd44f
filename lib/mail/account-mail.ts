import 'server-only'
import { siteOrigin } from '@/lib/site-url'
import { sendMail } from './send-mail'

// The account e-mails (plain text for now; the HTML parts arrive with the mail templates).
// Links are built from APP_URL (siteOrigin), never from the request's Host header.

const link = (path: string) => `${siteOrigin()}${path}`

export function sendVerifyMail({ to, name, token }: { to: string; name: string; token: string }) {
  return sendMail({
    to,
    subject: 'Verify your ByteShop account',
    text: `Hello ${name},\n\nOpen this link within 24 hours to verify your account:\n${link(`/user/verify/${token}`)}\n`,
  })
}

export function sendResetMail({ to, name, token }: { to: string; name: string; token: string }) {
  return sendMail({
    to,
    subject: 'Reset your ByteShop password',
    text: `Hello ${name},\n\nOpen this link within 30 minutes to choose a new password:\n${link(`/password/reset/${token}`)}\n`,
  })
}

export function sendAccountExistsMail({
  to,
  name,
  verifyToken,
}: {
  to: string
  name: string
  verifyToken?: string
}) {
  const verify = verifyToken ? `\nVerify it here: ${link(`/user/verify/${verifyToken}`)}\n` : ''
  return sendMail({
    to,
    subject: 'Someone tried to sign up with your e-mail address',
    text: `Hello ${name},\n\nThis address already has a ByteShop account.\nSign in: ${link('/user/login')}\nForgot your password? ${link('/user/password/forget')}\n${verify}`,
  })
}

export function sendPasswordChangedMail({ to, name }: { to: string; name: string }) {
  return sendMail({
    to,
    subject: 'Your ByteShop password was changed',
    text: `Hello ${name},\n\nYour password was just changed. If this was not you, reset it now: ${link('/user/password/forget')}\n`,
  })
}

export function sendEmailChangedMail({
  to,
  name,
  newEmail,
}: {
  to: string
  name: string
  newEmail: string
}) {
  return sendMail({
    to,
    subject: 'Your ByteShop e-mail address was changed',
    text: `Hello ${name},\n\nYour account's e-mail address is now ${newEmail}. If this was not you, reset your password: ${link('/user/password/forget')}\n`,
  })
}
