import { defineConfig } from 'vitest/config';

// The conformance runner's own unit tests (the root config's include list does not cover tests/conformance).
export default defineConfig({
  cacheDir: '../../node_modules/.vite/conformance',
  test: { root: import.meta.dirname, include: ['*.test.ts'], pool: 'forks' },
});
