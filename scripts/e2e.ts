/**
 * `npm run test:e2e [-- <vitest arguments>]`: builds the renderer (the tests drive what web mode serves from
 * dist/renderer, so a stale build would test old code), then runs the end-to-end tests in Chromium.
 * Example: `npm run test:e2e -- tests/e2e/chat.e2e.test.ts`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { lookUpChromium } from '../tests/e2e/browserPath.ts';

const root = join(import.meta.dirname, '..');
// Node runs the tools' own entry points: no shell, so the same on Windows.
const run = (script: string, args: string[]): number => spawnSync(process.execPath, [join(root, script), ...args], { cwd: root, stdio: 'inherit' }).status ?? 1;

const browser = lookUpChromium();
if (!browser.found) {
  // Before the build: the answer to a missing browser is an install, not a minute of waiting.
  console.error(browser.message);
  process.exit(1);
}

const built = run('node_modules/vite/bin/vite.js', ['build']);
if (built !== 0) {
  console.error('The renderer build failed (above); the end-to-end tests did not run.');
  process.exit(built);
}
process.exit(run('node_modules/vitest/vitest.mjs', ['run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]));
