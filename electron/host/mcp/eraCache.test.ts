import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EraCache, launchKey } from './eraCache.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sb-era-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const discover = { supportedVersions: ['2026-07-28'], capabilities: { tools: {} } };

describe('launchKey', () => {
  it('changes with anything that decides which program answers, and ignores key order and Switchboard fields', () => {
    const base = launchKey({ command: 'node', args: ['a.js'], env: { A: '1', B: '2' } });
    expect(launchKey({ command: 'node', args: ['a.js'], env: { B: '2', A: '1' }, toolTimeoutMs: 5000 })).toBe(base);
    expect(launchKey({ command: 'node', args: ['b.js'], env: { A: '1', B: '2' } })).not.toBe(base);
    expect(launchKey({ command: 'node', args: ['a.js'], env: { A: '1', B: '2' }, cwd: '/x' })).not.toBe(base);
    expect(launchKey({ type: 'http', url: 'https://a/mcp', headers: { Authorization: 'Bearer 1' } })).not.toBe(
      launchKey({ type: 'http', url: 'https://a/mcp', headers: { Authorization: 'Bearer 2' } }),
    );
  });
});

describe('EraCache', () => {
  it('persists verdicts, expires legacy ones after their horizon, and forgets on request', async () => {
    let clock = 1_000;
    const cache = new EraCache(dir, { horizons: { legacyMs: 100, modernMs: 1000 }, now: () => clock });
    await cache.set('m', { kind: 'modern', discover });
    await cache.set('l', { kind: 'legacy' });
    const reloaded = new EraCache(dir, { horizons: { legacyMs: 100, modernMs: 1000 }, now: () => clock });
    expect(await reloaded.get('m')).toEqual({ kind: 'modern', discover });
    expect(await reloaded.get('l')).toEqual({ kind: 'legacy' });
    clock += 101;
    expect(await reloaded.get('l')).toBeUndefined();
    expect(await reloaded.get('m')).toBeDefined();
    await reloaded.forget('m');
    expect(Object.keys(JSON.parse(readFileSync(path.join(dir, 'era-cache.json'), 'utf8')) as object)).toEqual(['l']);
  });

  it('treats a corrupt file or entry as empty rather than failing', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'sb-era-bad-'));
    writeFileSync(path.join(other, 'era-cache.json'), '{"x": {"kind": "modern", "discover": 5, "savedAt": 1}, "y": "nope"');
    expect(await new EraCache(other).get('x')).toBeUndefined();
    writeFileSync(path.join(other, 'era-cache.json'), '{"x": {"kind": "modern", "discover": 5, "savedAt": 1}}');
    expect(await new EraCache(other).get('x')).toBeUndefined();
    rmSync(other, { recursive: true, force: true });
  });
});
