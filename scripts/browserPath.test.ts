import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ENV, findChromium } from '../tests/e2e/browserPath.ts';

const root = join(import.meta.dirname, '..');
const cache = '/home/me/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const onDisk = (...paths: string[]) => (path: string) => paths.includes(path);

describe('the end-to-end tests find Chromium', () => {
  it('prefers the env var, then /usr/bin/chromium, then Playwright’s cache', () => {
    const all = onDisk('/opt/chrome', '/usr/bin/chromium', cache);
    expect(findChromium({ env: { [CHROMIUM_ENV]: '/opt/chrome' }, exists: all, playwrightPath: cache })).toEqual({ found: true, path: '/opt/chrome' });
    expect(findChromium({ env: {}, exists: all, playwrightPath: cache })).toEqual({ found: true, path: '/usr/bin/chromium' });
    expect(findChromium({ env: {}, exists: onDisk(cache), playwrightPath: cache })).toEqual({ found: true, path: cache });
  });

  it('with none, says every place it looked and what to install', () => {
    const lookup = findChromium({ env: {}, exists: () => false, playwrightPath: cache });
    expect(lookup.found).toBe(false);
    if (lookup.found) return;
    expect(lookup.looked).toEqual([`${CHROMIUM_ENV} (not set)`, '/usr/bin/chromium', '/usr/bin/chromium-browser', `${cache} (Playwright's cache)`]);
    expect(lookup.message).toContain('sudo apt-get install chromium');
    expect(lookup.message).toContain('npx playwright-core install chromium');
    expect(lookup.message).toContain(`point ${CHROMIUM_ENV} at`);
  });

  it('does not fall back to another browser when the env var points at nothing', () => {
    const lookup = findChromium({ env: { [CHROMIUM_ENV]: '/typo/chrome' }, exists: onDisk('/usr/bin/chromium'), playwrightPath: cache });
    expect(lookup).toMatchObject({ found: false, looked: [`${CHROMIUM_ENV}=/typo/chrome (set, but no such file)`] });
  });
});

describe('npm test without a browser', () => {
  const env = { ...process.env, [CHROMIUM_ENV]: join(root, 'no-such-chromium') };

  it('counts the end-to-end step as one failed check that explains itself, without building or running suites', () => {
    const run = spawnSync(process.execPath, [join(root, 'scripts/test.ts'), 'e2e'], { cwd: root, env, encoding: 'utf8' });
    expect(run.stdout).toContain('No Chromium for the end-to-end tests. Looked at:');
    expect(run.stdout).toContain(`${CHROMIUM_ENV}=${env[CHROMIUM_ENV]} (set, but no such file)`);
    expect(run.stdout).not.toContain('=== build renderer');
    expect(run.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
    expect(run.status).toBe(1);
  });

  it('npm run test:e2e stops before the build with the same explanation', () => {
    const run = spawnSync(process.execPath, [join(root, 'scripts/e2e.ts')], { cwd: root, env, encoding: 'utf8' });
    expect(run.stderr).toContain('npx playwright-core install chromium');
    expect(run.status).toBe(1);
  });
});
