import { defineConfig } from 'vitest/config';

// End-to-end tests drive Chromium against web mode; one file at a time (2 cores), long timeouts for real servers.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
