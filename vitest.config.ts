import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; integration tests start real MCP servers and need longer timeouts.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'tests/integration/**/*.test.ts', 'renderer/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/conformance/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
