import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` is used: migrations are applied by the app's own migrator
// (lib/db/migrate.ts), because drizzle-kit's CLI skips extensions silently on PGlite.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './drizzle',
})
