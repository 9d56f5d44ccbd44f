// The two well-known logins of the original app, created in demo mode only. Fixed ids let the
// end-to-end tests sign them in by sealing a session cookie.
export const DEMO_PASSWORD = '12345678'

export const DEMO_ACCOUNTS = {
  admin: {
    id: '00000000-0000-4000-8000-00000000a001',
    name: 'Admin User',
    email: 'adminuser@gmail.com',
    role: 'admin',
  },
  user: {
    id: '00000000-0000-4000-8000-00000000a002',
    name: 'Test User',
    email: 'testuser@gmail.com',
    role: 'user',
  },
} as const
