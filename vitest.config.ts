import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; integration tests start real MCP servers and need longer timeouts.
// expect.poll waits 10 s by default, not Vitest's 1 s, so a poll does not give up early on a loaded 2-core CI machine.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'tests/integration/**/*.test.ts', 'renderer/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/conformance/**/*.test.ts', 'tests/security/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // A failed test runs once more: real servers and a browser on a shared 2-core machine have bad moments. A test
    // that passes only on its retry is listed as flaky at the end of `npm test` (scripts/testReport.ts), not hidden.
    retry: 1,
  },
});
