import 'server-only'
import { render, toPlainText } from '@react-email/components'
import { createElement, type ReactElement } from 'react'
import { formatPrice } from '@/lib/money'
import type { OrderJson } from '@/lib/orders/order-json'
import { ROUTES } from '@/lib/routes'
import { SITE } from '@/lib/site'
import { env } from '@/lib/env'
import { siteOrigin } from '@/lib/site-url'
import type { RenderedMail } from './send-mail'
import { AccountExistsMail } from './templates/account-exists-mail'
import { BackInStockMail } from './templates/back-in-stock-mail'
import { EmailChangedMail } from './templates/email-changed-mail'
import { OrderConfirmationMail } from './templates/order-confirmation-mail'
import { orderConfirmationText } from './templates/order-confirmation-text'
import {
  OrderStatusMail,
  orderStatusSubject,
  type OrderStatusMailProps,
} from './templates/order-status-mail'
import { PasswordChangedMail } from './templates/password-changed-mail'
import { ResetMail } from './templates/reset-mail'
import { VerifyMail } from './templates/verify-mail'

// Rendered (subject, HTML, text and the links they are about) as the outbox's worker delivers
// them (lib/mail/render-mail.ts), never in a request.
//
// The account mails. Links are built from MAIL_LINK_URL (a client on another site that handles
// them, decision 0015), else APP_URL (siteOrigin()), never from a request: a forged Host header
// must not put an attacker's domain in front of a token. Names are user
// input: they go into the HTML as React children (escaped) and never into a subject line.
// A token appears only inside its link.

type Recipient = { to: string; name: string }

function link(pattern: string, token?: string): string {
  const path =
    token === undefined ? pattern : pattern.replace(/\{[^}]+\}/, encodeURIComponent(token))
  return `${mailLinkBase()}${path}`
}

/**
 * Where mailed links lead: MAIL_LINK_URL (with its path, if any), else the shop's origin
 * (APP_URL, read when the mail is rendered).
 */
export function mailLinkBase(): string {
  return env().mailLinkBase ?? siteOrigin()
}

async function compose(
  to: string,
  subject: string,
  email: ReactElement,
  links: string[],
  text?: string,
): Promise<RenderedMail> {
  const html = await render(email)
  // The plain-text part comes from the same template, so the two never say different things;
  // a mail whose layout does not survive that (the order's table) writes its text itself.
  return { to, subject, html, text: text ?? toPlainText(html), links }
}

/** After signup or a resend: the link that verifies the address (valid 24 hours). */
export async function renderVerifyMail({ to, name, token }: Recipient & { token: string }) {
  const verify = link(ROUTES.verify.path, token)
  return compose(
    to,
    `Verify your ${SITE.name} account`,
    createElement(VerifyMail, { name, link: verify }),
    [verify],
  )
}

/** After "forgot password": the link that sets a new one (valid 30 minutes). */
export async function renderResetMail({ to, name, token }: Recipient & { token: string }) {
  const reset = link(ROUTES.resetPassword.path, token)
  return compose(
    to,
    `Reset your ${SITE.name} password`,
    createElement(ResetMail, { name, link: reset }),
    [reset],
  )
}

/**
 * To the owner of an address someone tried to sign up with again. `name` is the existing
 * account's name, never the one typed into the new signup (that would let anybody put words of
 * their choice into a mail to a stranger). `verifyToken` only while the account is unverified.
 */
export async function renderAccountExistsMail({
  to,
  name,
  verifyToken,
}: Recipient & { verifyToken?: string }) {
  const loginLink = link(ROUTES.login.path)
  const forgotLink = link(ROUTES.forgotPassword.path)
  const verifyLink = verifyToken === undefined ? undefined : link(ROUTES.verify.path, verifyToken)
  return compose(
    to,
    `Someone tried to sign up at ${SITE.name} with your address`,
    createElement(AccountExistsMail, { name, loginLink, forgotLink, verifyLink }),
    [...(verifyLink ? [verifyLink] : []), loginLink, forgotLink],
  )
}

/** After a password change or reset: a notice, with the way back if it was not the owner. */
export async function renderPasswordChangedMail({ to, name }: Recipient) {
  const forgotLink = link(ROUTES.forgotPassword.path)
  return compose(
    to,
    `Your ${SITE.name} password was changed`,
    createElement(PasswordChangedMail, { name, forgotLink }),
    [forgotLink],
  )
}

/** After an e-mail change: a notice to the OLD address (`to`), naming the new one. */
export async function renderEmailChangedMail({
  to,
  name,
  newEmail,
}: Recipient & { newEmail: string }) {
  const loginLink = link(ROUTES.login.path)
  return compose(
    to,
    `The e-mail address of your ${SITE.name} account was changed`,
    createElement(EmailChangedMail, { name, newEmail, loginLink }),
    [loginLink],
  )
}

/** After a new order: its lines and totals, and the link to its page (never on a replay). */
export async function renderOrderConfirmationMail({
  to,
  name,
  order,
}: Recipient & { order: OrderJson }) {
  const orderLink = link(ROUTES.order.path, order._id)
  return compose(
    to,
    `Your ${SITE.name} order of ${formatPrice(order.totalPrice)} is confirmed`,
    createElement(OrderConfirmationMail, { name, order, link: orderLink }),
    [orderLink],
    orderConfirmationText({ name, order, link: orderLink }),
  )
}

/**
 * A product the shopper waited for can be bought again: its page. The product's name (an
 * admin's text) goes into the subject after the shop's name, on one line, and into the HTML
 * escaped like every other value.
 */
export async function renderBackInStockMail({
  to,
  name,
  product,
}: Recipient & { product: { _id: string; name: string; price: number } }) {
  const productLink = link(ROUTES.product.path, product._id)
  return compose(
    to,
    // One line whatever the admin typed: a line break has no business in a header.
    `Back in stock at ${SITE.name}: ${product.name.replace(/\s+/g, ' ').trim()}`,
    createElement(BackInStockMail, {
      name,
      product: product.name,
      price: product.price,
      link: productLink,
    }),
    [productLink],
  )
}

/**
 * After an order's status changed (Shipped, Delivered, Cancelled): rendered from what was queued
 * with the change alone, so it still leaves after the order is deleted.
 */
export async function renderOrderStatusMail({
  to,
  ...mail
}: Recipient & Omit<OrderStatusMailProps, 'link'>) {
  const orderLink = link(ROUTES.order.path, mail.orderId)
  return compose(
    to,
    orderStatusSubject(mail),
    createElement(OrderStatusMail, { ...mail, link: orderLink }),
    [orderLink],
  )
}
