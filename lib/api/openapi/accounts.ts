import 'server-only'
import {
  EmailOnlySchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  UpdatePasswordSchema,
  UpdateProfileSchema,
} from '@/lib/auth/schemas'
import { z } from '@/lib/zod'
import { domain, type FileField, type ResponseDoc } from './describe'
import { ok, okMessage, Session, User } from './shapes'

// Sign-up, sign-in, the caller's account and devices (docs/api.md#accounts).

const signedIn = (description: string): ResponseDoc => ({
  description: `${description}: the user, and the session cookies (shop_session, the readable hint shop_signed_in, the device cookie shop_device)`,
  schema: ok({ user: User }),
  headers: ['Set-Cookie'],
})

const sameAnswer = (description: string): ResponseDoc => ({
  description: `${description}; the same answer for any address`,
  schema: ok({ message: z.string() }),
})

const avatar = (name: string, required: boolean): FileField => ({
  name,
  description: 'JPEG, PNG or WebP, at most 5 MB and 25 megapixels',
  max: 1,
  required,
})

export const accountDocs = domain({
  tag: { name: 'Accounts', description: "Signing up and in, and the caller's account and devices" },
  paths: {
    '/register': {
      POST: {
        summary: 'Create an unverified account',
        description:
          'The verification link goes by mail. A taken address gets the same answer (its owner a ' +
          'notice by mail). The avatar may also be sent as `avatar`.',
        access: 'public',
        body: { schema: RegisterSchema, files: [avatar('image', true)] },
        rateLimits: ['registerPerAddress'],
        responses: { 201: { description: 'Signed up', schema: ok({ message: z.string() }) } },
      },
    },
    '/verify/resend': {
      POST: {
        summary: 'Mail a new verification link',
        access: 'public',
        body: { schema: EmailOnlySchema },
        rateLimits: ['resendPerAddress', 'resendPerAccount'],
        responses: { 200: sameAnswer('Asked') },
      },
    },
    '/verify/[token]': {
      GET: {
        summary: 'Use the mailed verification link; signs the user in',
        access: 'public',
        pathParams: { token: 'The token of the mailed link' },
        refusesCrossSite: true,
        responses: {
          200: signedIn('Verified'),
          400: { description: "'This verification link is invalid or has expired'" },
        },
      },
    },
    '/login': {
      POST: {
        summary: 'Sign in with e-mail and password',
        description: 'Failed logins count per account, or per browser holding its device cookie.',
        access: 'public',
        body: { schema: LoginSchema },
        rateLimits: ['loginPerAddress', 'loginFailuresPerAccount', 'loginFailuresPerDevice'],
        responses: {
          200: signedIn('Signed in'),
          401: { description: "'Invalid email or password'" },
          403: { description: 'The right password of an unverified account (or a refused origin)' },
        },
      },
    },
    '/login/guest': {
      POST: {
        summary: 'Guest Mode: sign in as the demo admin',
        description: 'Demo mode only; elsewhere 404.',
        access: 'public',
        rateLimits: ['guestPerAddress'],
        responses: {
          200: signedIn('Signed in'),
          404: { description: "'No such API endpoint' outside demo mode" },
        },
      },
    },
    '/logout': {
      GET: {
        summary: "End this device's session",
        description: 'Answers 200 without a session too.',
        access: 'public',
        refusesCrossSite: true,
        responses: {
          200: {
            description: 'Signed out, cookies cleared',
            schema: okMessage('Logged Out'),
            headers: ['Set-Cookie'],
          },
        },
      },
      POST: {
        summary: "End this device's session",
        description: 'Answers 200 without a session too.',
        access: 'public',
        responses: {
          200: {
            description: 'Signed out, cookies cleared',
            schema: okMessage('Logged Out'),
            headers: ['Set-Cookie'],
          },
        },
      },
    },
    '/me': {
      GET: {
        summary: 'The signed-in user',
        access: 'user',
        responses: { 200: { description: 'The user', schema: ok({ user: User }) } },
      },
    },
    '/me/update': {
      PUT: {
        summary: "Change the caller's name, e-mail and (optionally) avatar",
        description: 'A form with the avatar (also as `image`), or JSON without one.',
        access: 'user',
        body: { schema: UpdateProfileSchema, files: [avatar('avatar', false)] },
        rateLimits: ['uploadsPerUser'],
        responses: {
          200: { description: 'Changed', schema: ok({ user: User }) },
          409: { description: "'That e-mail address belongs to another account'" },
        },
      },
    },
    '/me/sessions': {
      GET: {
        summary: "The caller's signed-in devices",
        description: 'This device first, then the most recently used.',
        access: 'user',
        responses: {
          200: { description: 'The sessions', schema: ok({ sessions: z.array(Session) }) },
        },
      },
      DELETE: {
        summary: 'Log out everywhere, this device included',
        access: 'user',
        responses: {
          200: {
            description: 'Every session ended, cookies cleared',
            schema: okMessage('Logged out on every device'),
            headers: ['Set-Cookie'],
          },
        },
      },
    },
    '/me/sessions/[id]': {
      DELETE: {
        summary: "End one of the caller's sessions",
        description: "Ending this device's session clears its cookies.",
        access: 'user',
        pathParams: { id: "The session's id (from GET /me/sessions)" },
        responses: {
          200: {
            description: "Ended (this device's: its cookies are cleared with Set-Cookie)",
            schema: okMessage('Session ended'),
          },
          404: { description: "'Session not found'" },
        },
      },
    },
    '/password/update': {
      PUT: {
        summary: 'Change the password',
        description:
          'Every session of the user ends and this device gets a new one in the same answer. A ' +
          'wrong current password counts as a failed login of the account.',
        access: 'user',
        body: { schema: UpdatePasswordSchema },
        rateLimits: [
          'passwordChangePerAddress',
          'loginFailuresPerAccount',
          'loginFailuresPerDevice',
        ],
        responses: { 200: signedIn('Changed') },
      },
    },
    '/password/forgot': {
      POST: {
        summary: 'Mail a link to reset the password',
        access: 'public',
        body: { schema: EmailOnlySchema },
        rateLimits: ['forgotPerAddress', 'forgotPerAccount'],
        responses: { 200: sameAnswer('Asked') },
      },
    },
    '/password/reset/[token]': {
      PUT: {
        summary: 'Set a new password through the mailed link; signs the user in',
        description: 'Every session ends; the account counts as verified afterwards.',
        access: 'public',
        pathParams: { token: 'The token of the mailed link' },
        body: { schema: ResetPasswordSchema },
        rateLimits: ['resetPerAddress'],
        responses: { 200: signedIn('Changed') },
      },
    },
  },
})
