import { defineConfig } from 'vitest/config';

// End-to-end tests drive Chromium against web mode; one file at a time (2 cores), long timeouts for real servers.
// expect.poll waits 20 s by default, not Vitest's 1 s: on a loaded 2-core CI machine a screen can take seconds to
// show what the host did, and a poll that gives up early turns CI red for nothing.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 20_000 } },
    fileParallelism: false,
    pool: 'forks',
    // A failed test runs once more: real servers and a browser on a shared 2-core machine have bad moments. A test
    // that passes only on its retry is listed as flaky at the end of `npm test` (scripts/testReport.ts), not hidden.
    retry: 1,
  },
});
