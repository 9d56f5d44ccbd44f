import path from 'node:path'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

const root = import.meta.dirname
const shared = {
  resolve: {
    alias: {
      '@': root,
      // `server-only` throws outside React Server Components; tests are server code.
      'server-only': path.join(root, 'tests/support/empty.ts'),
    },
  },
}

// Integration tests run once per engine: embedded PGlite always, PostgreSQL when
// TEST_DATABASE_URL names a server (CI sets it).
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])]

const projects: TestProjectInlineConfiguration[] = [
  {
    ...shared,
    test: {
      name: 'unit',
      include: [
        'lib/**/*.test.ts',
        'components/**/*.test.ts',
        'scripts/**/*.test.ts',
        'seed/**/*.test.ts',
        'tests/unit/**/*.test.ts',
      ],
      setupFiles: ['tests/support/setup-env.ts'],
    },
  },
  ...engines.map((engine) => ({
    ...shared,
    test: {
      name: engine,
      include: ['tests/**/*.test.ts'],
      exclude: ['tests/unit/**', 'tests/cluster/**'],
      env: { TEST_ENGINE: engine },
      globalSetup: ['tests/support/global-setup.ts'],
      setupFiles: ['tests/support/setup-env.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  })),
]

export default defineConfig({
  test: {
    projects,
    maxWorkers: 2,
  },
})
