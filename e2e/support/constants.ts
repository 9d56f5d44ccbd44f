export const E2E_PORT = Number(process.env.E2E_PORT || 3100)
// Shared by the test server and the fixtures that sign a demo account in by sealing a cookie.
export const E2E_SESSION_SECRET = 'e2e-only-secret-e2e-only-secret-e2e-only-secret'
// A page on another origin (and another site: localhost, not 127.0.0.1) for the drop-in API
// client; the test server lists it in ALLOWED_ORIGINS.
export const E2E_CLIENT_PORT = Number(process.env.E2E_CLIENT_PORT || E2E_PORT + 1000)
export const E2E_CLIENT_ORIGIN = `http://localhost:${E2E_CLIENT_PORT}`
// The test server's mail goes over SMTP to a sink that scripts/e2e-server.mjs runs on this port
// and that writes each message it receives, parsed, as a JSON file into E2E_MAIL_DIR.
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT || E2E_PORT + 2000)
export const E2E_MAIL_DIR = `${process.env.TMPDIR || '/tmp'}/shop-e2e-mail-${E2E_PORT}`
