// Roots (item 6 of issue 10) against real servers: server-everything reports the roots it was given, and
// server-filesystem replaces its allowed directories with them. Editing a server's roots (no restart) sends
// notifications/roots/list_changed and the server sees the new set.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { err } from '../../shared/errors.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { createSamplingBroker } from '../../electron/host/sampling/samplingBroker.ts';
import { createHarness, nodeServer, scripts } from '../fixtures/servers/harness.ts';

/** A sampling broker whose provider is never reached in these tests (only what is declared matters here). */
const sampling = () => createSamplingBroker(new HostEventHub(), () => Promise.resolve(err('internal', 'not used')));

/** Re-runs `check` until it returns a value (generous deadline, no fixed sleeps beyond the poll interval). */
async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const text = (result: unknown): string => {
  const content = (result as { ok: boolean; value?: { content?: { type: string; text?: string }[] } }).value?.content ?? [];
  return content.map((block) => block.text ?? '').join('\n');
};

describe('roots with server-everything (2025 era)', () => {
  let h: ReturnType<typeof createHarness>;
  const first = mkdtempSync(path.join(tmpdir(), 'sb-root-a-'));
  const second = mkdtempSync(path.join(tmpdir(), 'sb-root-b-'));

  beforeAll(async () => {
    h = createHarness({ sampling: sampling() });
    h.set({ everything: nodeServer(scripts.everything, ['stdio'], { roots: [first] }) });
    await h.waitForState('everything', 'ready', 60_000);
  });
  afterAll(async () => {
    await h.cleanup();
    rmSync(first, { recursive: true, force: true });
    rmSync(second, { recursive: true, force: true });
  });

  it('declares roots, so the server registers get-roots-list and sees the configured folder as a file:// root', async () => {
    await h.until(() => (h.manager.catalog('everything')?.tools.some((tool) => tool.name === 'get-roots-list') ? true : undefined), 'get-roots-list', 60_000);
    // Sampling is declared on the 2025 era: server-everything registers its sampling tool only then.
    expect(h.manager.catalog('everything')?.tools.some((tool) => tool.name === 'trigger-sampling-request')).toBe(true);
    const listed = text(await h.manager.callTool('everything', 'get-roots-list', {}));
    expect(listed).toContain('(1 total)');
    expect(listed).toContain(`URI: file://${first}`);
    expect(listed).toContain(path.basename(first));
  });

  it('an edit of the roots (no restart) sends list_changed and the server then lists the new set', async () => {
    const readySince = h.manager.status('everything')?.state === 'ready' ? (h.manager.status('everything') as { since: number }).since : undefined;
    h.set({ everything: nodeServer(scripts.everything, ['stdio'], { roots: [first, second] }) });
    // server-everything asks roots/list again on list_changed and logs how many it received.
    await h.until(() => h.logLines.find((line) => line.serverId === 'everything' && line.text.includes('2 root(s) received')), 'the server to fetch the new roots', 60_000);
    const listed = text(await h.manager.callTool('everything', 'get-roots-list', {}));
    expect(listed).toContain('(2 total)');
    expect(listed).toContain(`URI: file://${second}`);
    // The same connection: editing roots does not restart the server.
    const status = h.manager.status('everything');
    expect(status?.state === 'ready' ? status.since : undefined).toBe(readySince);
    expect(h.logLines.some((line) => line.serverId === 'everything' && line.stream === 'host' && line.text.includes('notifications/roots/list_changed'))).toBe(true);
  });
});

describe('roots with server-filesystem (roots set its allowed directories)', () => {
  let h: ReturnType<typeof createHarness>;
  // realpath: the server resolves symlinks (macOS /var → /private/var), and so does the comparison.
  const started = realpathSync(mkdtempSync(path.join(tmpdir(), 'sb-fs-arg-')));
  const rootA = realpathSync(mkdtempSync(path.join(tmpdir(), 'sb-fs-root-a-')));
  const rootB = realpathSync(mkdtempSync(path.join(tmpdir(), 'sb-fs-root-b-')));
  const allowed = async () => text(await h.manager.callTool('fs', 'list_allowed_directories', {}));

  beforeAll(async () => {
    h = createHarness();
    h.set({ fs: nodeServer(scripts.filesystem, [started], { roots: [rootA] }) });
    await h.waitForState('fs', 'ready', 60_000);
  });
  afterAll(async () => {
    await h.cleanup();
    for (const dir of [started, rootA, rootB]) rmSync(dir, { recursive: true, force: true });
  });

  it('the server works in the configured root instead of its command-line folder', async () => {
    const listed = await eventually(async () => {
      const now = await allowed();
      return now.includes(rootA) ? now : undefined;
    }, 'the root to become an allowed directory');
    expect(listed).not.toContain(started);
  });

  it('after an edit the server is told and allows the new root only', async () => {
    h.set({ fs: nodeServer(scripts.filesystem, [started], { roots: [rootB] }) });
    const listed = await eventually(async () => {
      const now = await allowed();
      return now.includes(rootB) ? now : undefined;
    }, 'the new root to become the allowed directory');
    expect(listed).not.toContain(rootA);
  });
});

describe('roots on a 2026-07-28 server (deprecated there, asked in-band)', () => {
  let h: ReturnType<typeof createHarness>;
  const folder = mkdtempSync(path.join(tmpdir(), 'sb-root-modern-'));
  const other = mkdtempSync(path.join(tmpdir(), 'sb-root-modern2-'));

  beforeAll(async () => {
    h = createHarness({ sampling: sampling() });
    h.set({ modern: nodeServer(scripts.modern, [], { roots: [folder] }) });
    await h.waitForState('modern', 'ready', 60_000);
  });
  afterAll(async () => {
    await h.cleanup();
    rmSync(folder, { recursive: true, force: true });
    rmSync(other, { recursive: true, force: true });
  });

  it('answers the roots request inside a call (input_required) with the configured folders, and the edited ones next time', async () => {
    expect(h.manager.status('modern')).toMatchObject({ state: 'ready', era: 'modern' });
    expect(text(await h.manager.callTool('modern', 'list_roots', {}))).toBe(`roots: ${path.basename(folder)}=file://${folder}`);
    h.set({ modern: nodeServer(scripts.modern, [], { roots: [other] }) });
    // No session to notify on 2026-07-28: the next request simply carries the current list.
    expect(text(await h.manager.callTool('modern', 'list_roots', {}))).toBe(`roots: ${path.basename(other)}=file://${other}`);
    expect(h.logLines.some((line) => line.serverId === 'modern' && line.text.includes('asks for them again with its next request'))).toBe(true);
  });
});
