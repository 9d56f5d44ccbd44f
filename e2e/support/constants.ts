export const E2E_PORT = Number(process.env.E2E_PORT || 3100)
// Shared by the test server and the fixtures that sign a demo account in by sealing a cookie.
export const E2E_SESSION_SECRET = 'e2e-only-secret-e2e-only-secret-e2e-only-secret'
