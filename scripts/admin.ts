// `npm run admin -- create|promote|demote|remove-demo …`: a shop's admins from a terminal, on the database the
// settings of `npm start` name (DATABASE_URL, else the embedded one in DATA_DIR, which must not be
// in use by a running shop). Exit code 0 when done (or nothing needed doing), 1 otherwise.
import { parseArgs } from 'node:util'
import { ZodError } from 'zod'
import { EmailSchema, NameSchema } from '@/lib/auth/schemas'
import { setDatabase } from '@/lib/db/client'
import { migrate, readMigrations } from '@/lib/db/migrate'
import { env } from '@/lib/env'
import { announceCatalogChange } from '@/lib/cache/catalog-cache'
import { siteOrigin } from '@/lib/site-url'
import { accountExists, checkNewAdmin, createAdmin, findAccount } from '@/lib/users/create-admin'
import { removeDemoAccounts } from '@/lib/users/remove-demo-accounts'
import { setRoleByEmail } from '@/lib/users/set-role-by-email'
import { readNewPassword } from './read-password'
import { assertShopStopped, describeDatabase, loadSettings, openShopDatabase } from './shop-command'

const USAGE = `Usage:
  npm run admin -- create  --email EMAIL --name NAME   a new admin, verified, ready to sign in
  npm run admin -- promote --email EMAIL               make an existing account an admin
  npm run admin -- demote  --email EMAIL               make an admin an ordinary user again
  npm run admin -- remove-demo                         delete the demo accounts (demo mode off)

The password of create is asked for twice, not shown; when standard input is not a terminal,
its first line is the password. Never on the command line. Same rules as signup.
Settings as for npm start (environment, .env files); --env-file FILE adds a file such as
/etc/byteshop.env. On the embedded database, stop the shop first.`

class UsageError extends Error {}

type Command =
  | { action: 'create' | 'promote' | 'demote'; email: string; name?: string }
  | { action: 'remove-demo' }

/** Zod's first message, or the error's own: both are sentences a person can act on. */
const messageOf = (error: unknown) =>
  error instanceof ZodError
    ? (error.issues[0]?.message ?? 'Invalid input')
    : error instanceof Error
      ? error.message
      : String(error)

function parseCommand(args: string[]): Command & { envFile?: string } {
  if (args.some((a) => a === '--password' || a.startsWith('--password='))) {
    throw new UsageError('The password is never taken from the command line (shell history, ps).')
  }
  let parsed
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        'env-file': { type: 'string' },
      },
    })
  } catch (error) {
    throw new UsageError(messageOf(error))
  }
  const { positionals, values } = parsed
  const [action, ...extra] = positionals
  if (
    action !== 'create' &&
    action !== 'promote' &&
    action !== 'demote' &&
    action !== 'remove-demo'
  ) {
    throw new UsageError(action ? `Unknown command: ${action}` : 'Which command?')
  }
  if (extra.length > 0) throw new UsageError(`Unexpected: ${extra.join(' ')}`)
  if (action === 'remove-demo') {
    if (values.email !== undefined || values.name !== undefined) {
      throw new UsageError('remove-demo takes no --email or --name')
    }
    return { action, envFile: values['env-file'] }
  }
  if (values.email === undefined) throw new UsageError(`${action} needs --email`)
  if (action === 'create' && values.name === undefined) throw new UsageError('create needs --name')
  if (action !== 'create' && values.name !== undefined) {
    throw new UsageError(`${action} takes no --name`)
  }
  return {
    action,
    email: EmailSchema.parse(values.email),
    name: values.name === undefined ? undefined : NameSchema.parse(values.name),
    envFile: values['env-file'],
  }
}

async function run(command: Command, password: string): Promise<string> {
  const where = describeDatabase()
  if (command.action === 'remove-demo') return removeDemo(where)
  const { action, email, name } = command
  if (action === 'create') {
    if (await findAccount(email)) throw new Error(accountExists(email))
    const admin = await createAdmin({ email, name: name!, password })
    return `Created the admin ${admin.email} (${admin.name}) on ${where}: verified, it can sign in now at ${siteOrigin()}/user/login.`
  }
  const role = action === 'promote' ? 'admin' : 'user'
  const { user, changed } = await setRoleByEmail({ email, role })
  if (!changed) {
    return `${user.email} ${role === 'admin' ? 'is already an admin' : 'is not an admin'}; nothing changed on ${where}.`
  }
  const unverified = user.verified ? '' : ' It signs in once it has verified its e-mail address.'
  return role === 'admin'
    ? `${user.email} is now an admin on ${where}; its sessions ended, so it signs in again to act as one.${unverified}`
    : `${user.email} is no longer an admin on ${where}: an ordinary user, signed out on every device.`
}

async function removeDemo(where: string): Promise<string> {
  // In demo mode Guest Mode signs visitors in as the demo admin: it would stop working.
  if (env().demoMode) {
    throw new Error(
      'Demo mode is on (DEMO_MODE, the default with the embedded database), and Guest Mode signs in as the demo admin. Set DEMO_MODE=false first.',
    )
  }
  const { emails, productIds, adminLeft } = await removeDemoAccounts()
  if (emails.length === 0) return `No demo accounts on ${where}; nothing changed.`
  // Their reviews went: the ratings of what they reviewed changed in every running shop.
  await announceCatalogChange(productIds)
  const noAdmin = adminLeft
    ? ''
    : ' The shop has no admin now: create one with npm run admin -- create --email … --name ….'
  return `Removed ${emails.length} demo account${emails.length === 1 ? '' : 's'} (${emails.join(', ')}) from ${where}: their sessions, carts and reviews went with them; their orders stay, without an account.${noAdmin}`
}

async function main(): Promise<number> {
  let command
  try {
    command = parseCommand(process.argv.slice(2))
    loadSettings(command.envFile)
    env()
  } catch (error) {
    console.error(messageOf(error))
    if (error instanceof UsageError) console.error(`\n${USAGE}`)
    return 1
  }
  // Refusals that need no database come first, so they are quick: a running shop, then a
  // password signup would refuse (the address is checked once the database is open).
  assertShopStopped()
  let password = ''
  if (command.action === 'create') {
    password = await readNewPassword()
    checkNewAdmin({ email: command.email, name: command.name!, password })
  }
  const handle = await openShopDatabase()
  try {
    const fresh = (await migrate(handle.db)).length === readMigrations().length
    setDatabase(handle)
    console.log(await run(command, password))
    // The first start seeds the demo catalog only into a database without users or products.
    if (fresh && handle.engine === 'pglite' && command.action === 'create') {
      console.log(
        'The embedded database was new: the shop starts with no products (npm run db:seed adds the demo catalog).',
      )
    }
    return 0
  } finally {
    await handle.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(messageOf(error))
    process.exit(1)
  },
)
