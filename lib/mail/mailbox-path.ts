// The demo mailbox page (app/(account)/dev/mailbox), for the screens that point to it in demo
// mode (signup). Not in lib/routes.ts: that list ships in every storefront page's scripts, and
// this page exists in the demo only (it is noindex and 404 elsewhere).
export const DEMO_MAILBOX_PATH = '/dev/mailbox'
