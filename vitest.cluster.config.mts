import { defineConfig } from 'vitest/config'

// `npm run test:cluster`: the scaled-out shop (tests/cluster), real processes only. It builds the
// app first when needed and takes a few minutes; one file at a time, as it owns the machine.
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
})
