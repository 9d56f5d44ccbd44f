import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { env } from '@/lib/env'
import { listOutbox, OUTBOX_KEEP } from '@/lib/mail/send-mail'
import { ROUTES } from '@/lib/routes'
import { siteOrigin } from '@/lib/site-url'

// The demo's mailbox: the embedded demo has no mail server, so the mails the shop would send
// (verification, reset, notices) are listed here with their links, and a newcomer can finish a
// signup. Only in demo mode: on a real shop these links are other people's tokens.

export const metadata: Metadata = {
  title: 'Demo mailbox',
  robots: { index: false, follow: false },
}

// A link to this very shop becomes a path, so it works whatever host name the demo is opened by.
function href(link: string, origin: string): string | undefined {
  if (!URL.canParse(link)) return undefined
  const url = new URL(link)
  if (url.origin === origin) return `${url.pathname}${url.search}${url.hash}`
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
}

function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
}

export default async function MailboxPage() {
  await connection() // read the outbox on each request, never at build
  if (!env().demoMode) notFound()
  const messages = await listOutbox()
  const origin = siteOrigin()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-extrabold tracking-tight">Demo mailbox</h1>
      <p className="mt-3 text-ink-soft">
        This is the demo outbox. The demo runs without a mail server, so the e-mails the shop sends
        (verification links, password resets, notices) are kept here instead of being delivered.
        Everyone using the demo can read them: do not use a real e-mail address. Newest first, the
        last {OUTBOX_KEEP} messages.
      </p>
      <p className="mt-3">
        <Link
          href={ROUTES.devMailbox.path}
          prefetch={false}
          className="font-semibold text-brand-700 underline"
        >
          Refresh
        </Link>
      </p>

      {messages.length === 0 ? (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
          No messages yet.{' '}
          <Link href={ROUTES.signup.path} className="font-semibold text-brand-700 underline">
            Sign up
          </Link>{' '}
          and the verification mail shows up here.
        </p>
      ) : (
        <ol className="mt-8 space-y-6" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id}>
              <article
                aria-labelledby={`subject-${message.id}`}
                className="rounded-lg border border-slate-200 bg-white p-4"
              >
                <h2 id={`subject-${message.id}`} className="text-lg font-bold">
                  {message.subject}
                </h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  <dt className="font-semibold">To</dt>
                  <dd className="break-all">{message.to}</dd>
                  <dt className="font-semibold">Date</dt>
                  <dd>
                    <time dateTime={message.date}>{when(message.date)}</time>
                  </dd>
                </dl>
                {message.links.length > 0 ? (
                  <ul className="mt-3 space-y-1" aria-label="Links in this message">
                    {message.links.map((link) => {
                      const target = href(link, origin)
                      return (
                        <li key={link} className="break-all">
                          {target ? (
                            <a href={target} className="font-semibold text-brand-700 underline">
                              {link}
                            </a>
                          ) : (
                            link
                          )}
                        </li>
                      )
                    })}
                  </ul>
                ) : null}
                <pre className="mt-3 overflow-x-auto rounded bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap">
                  {message.text}
                </pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
