/**
 * The app HTML cache's rules on a scripted source and clock: ttl boundaries, the default and the cap, updates, and the
 * per-server bounds (entries and bytes) with their subscriptions stopped on eviction. The same rules against real
 * servers on both eras: appResources.servers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ok, type Result } from '../../../shared/errors.ts';
import type { ResourceContents } from '../../../shared/servers.ts';
import { AppResourceCache, appResourceMaxAgeMs, appResourceMaxBytes, appResourceMaxTtlMs, toAppResource, type AppResourceSource } from './appResources.ts';

/** A server as the cache sees it: HTML per URI, a ttl, counted reads, and watches the test can fire or see stopped. */
class ScriptedSource implements AppResourceSource {
  readonly reads: string[] = [];
  readonly watching = new Map<string, () => void>();
  readonly watched: string[] = [];
  readonly stopped: string[] = [];
  html = new Map<string, string>();
  ttlMs: number | undefined;
  canWatch = true;
  /** When set, reads wait for it (to land an update while a read is on its way). */
  gate: Promise<void> | undefined;
  /** When set, watches resolve only once it resolves. */
  watchGate: Promise<void> | undefined;

  async read(_serverId: string, uri: string): Promise<Result<{ contents: ResourceContents[]; ttlMs?: number }>> {
    this.reads.push(uri);
    const text = this.html.get(uri) ?? `<p>${uri}</p>`;
    await this.gate;
    return ok({ contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text }], ...(this.ttlMs !== undefined ? { ttlMs: this.ttlMs } : {}) });
  }

  async watch(_serverId: string, uri: string, onUpdated: () => void): Promise<(() => void) | undefined> {
    this.watched.push(uri);
    await this.watchGate;
    if (!this.canWatch) return undefined;
    this.watching.set(uri, onUpdated);
    return () => {
      this.stopped.push(uri);
      this.watching.delete(uri);
    };
  }

  update(uri: string): void {
    this.watching.get(uri)?.();
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(limits?: { entries: number; bytes: number }) {
  const source = new ScriptedSource();
  const clock = { t: 1_000_000 };
  const cache = new AppResourceCache(source, () => clock.t, limits);
  const html = async (uri: string) => {
    const got = await cache.get('s', uri);
    if (!got.ok) throw new Error(got.error.message);
    return got.value.html;
  };
  return { source, clock, cache, html };
}

describe('AppResourceCache', () => {
  it('keeps HTML exactly as long as ttlMs says', async () => {
    const { source, clock, cache, html } = setup();
    source.ttlMs = 1000;
    await html('ui://a');
    clock.t += 999;
    await html('ui://a');
    expect(source.reads).toEqual(['ui://a']);
    clock.t += 1;
    await html('ui://a');
    expect(source.reads).toEqual(['ui://a', 'ui://a']);
    // An expired app is not kept (nor its subscription) once the server stores another.
    clock.t += 1000;
    await html('ui://b');
    await settle();
    expect(source.stopped).toEqual(['ui://a']);
    expect(cache.held('s').uris).toEqual(['ui://b']);
  });

  it('uses the 5-minute default without a ttl, caps a huge ttl at a day, and never keeps a ttl of 0', async () => {
    const { source, clock, cache, html } = setup();
    await html('ui://a');
    clock.t += appResourceMaxAgeMs - 1;
    await html('ui://a');
    expect(source.reads).toHaveLength(1);
    clock.t += 1;
    await html('ui://a');
    expect(source.reads).toHaveLength(2);

    source.ttlMs = 10 * appResourceMaxTtlMs;
    await html('ui://b');
    clock.t += appResourceMaxTtlMs;
    await html('ui://b');
    expect(source.reads.filter((uri) => uri === 'ui://b')).toHaveLength(2);

    source.ttlMs = 0;
    await html('ui://c');
    await html('ui://c');
    expect(source.reads.filter((uri) => uri === 'ui://c')).toHaveLength(2);
    await settle();
    expect(source.watched).not.toContain('ui://c');
    expect(cache.held('s').uris).not.toContain('ui://c');
  });

  it('drops an app the server says was updated, stops watching it, and reads it anew next time', async () => {
    const { source, html } = setup();
    source.html.set('ui://a', 'v1');
    expect(await html('ui://a')).toBe('v1');
    await settle();
    expect(source.watching.has('ui://a')).toBe(true);
    source.html.set('ui://a', 'v2');
    source.update('ui://a');
    expect(source.stopped).toEqual(['ui://a']);
    expect(await html('ui://a')).toBe('v2');
    expect(source.reads).toHaveLength(2);
  });

  it('does not store a read that an update overtook', async () => {
    const { source, cache, html } = setup();
    await html('ui://a');
    await settle();
    let open = () => {};
    source.gate = new Promise((resolve) => (open = resolve));
    const reading = html('ui://b');
    source.update('ui://a');
    open();
    await reading;
    source.gate = undefined;
    expect(cache.held('s').uris).toEqual([]);
  });

  it('keeps the subscription across a re-read after the ttl', async () => {
    const { source, clock, html } = setup();
    source.ttlMs = 1000;
    await html('ui://a');
    await settle();
    clock.t += 1000;
    await html('ui://a');
    await settle();
    expect(source.watched).toEqual(['ui://a']);
    expect(source.stopped).toEqual([]);
    source.update('ui://a');
    expect(source.stopped).toEqual(['ui://a']);
  });

  it('holds at most the entry limit per server, dropping the least recently used and unsubscribing it', async () => {
    const { source, cache, html } = setup({ entries: 3, bytes: 1_000_000 });
    for (const uri of ['ui://1', 'ui://2', 'ui://3']) await html(uri);
    await html('ui://1');
    await html('ui://4');
    await settle();
    expect(cache.held('s').uris).toEqual(['ui://3', 'ui://1', 'ui://4']);
    expect(source.stopped).toEqual(['ui://2']);
    expect(source.reads.filter((uri) => uri === 'ui://1')).toHaveLength(1);
  });

  it('holds at most the byte limit per server', async () => {
    const { source, cache, html } = setup({ entries: 100, bytes: 1000 });
    for (const uri of ['ui://1', 'ui://2', 'ui://3']) {
      source.html.set(uri, 'x'.repeat(400));
      await html(uri);
    }
    expect(cache.held('s')).toEqual({ uris: ['ui://2', 'ui://3'], bytes: 800 });
    // Another server has its own budget.
    expect((await cache.get('t', 'ui://1')).ok).toBe(true);
    expect(cache.held('t').bytes).toBe(400);
  });

  it('forgets a server on a list change, stopping its watches, also one still on its way', async () => {
    const { source, cache, html } = setup();
    await html('ui://a');
    await settle();
    let open = () => {};
    source.watchGate = new Promise((resolve) => (open = resolve));
    await html('ui://b');
    cache.forget('s');
    expect(source.stopped).toEqual(['ui://a']);
    open();
    await settle();
    expect(source.stopped).toEqual(['ui://a', 'ui://b']);
    expect(cache.held('s').uris).toEqual([]);
  });

  it('refuses what is not a ui:// URI without asking the server', async () => {
    const { source, cache } = setup();
    const got = await cache.get('s', 'file:///etc/passwd');
    expect(got.ok ? 'read' : got.error.code).toBe('invalid_params');
    expect(got.ok ? undefined : got.error.text).toEqual({ code: 'apps.notUiUri', params: { uri: 'file:///etc/passwd' } });
    expect(source.reads).toEqual([]);
  });

  it('refuses what a server sends that is not an app, each with its code and the URI as a parameter', () => {
    const uri = 'ui://s/app.html';
    const refusal = (contents: ResourceContents[]) => {
      const got = toAppResource('s', uri, contents);
      return got.ok ? undefined : { code: got.error.code, text: got.error.text, message: got.error.message };
    };
    expect(refusal([])).toEqual({ code: 'not_found', text: { code: 'apps.nothingReturned', params: { uri } }, message: `The server returned nothing for ${uri}.` });
    expect(refusal([{ uri, mimeType: 'image/png', blob: '' }])).toEqual({
      code: 'protocol_error',
      text: { code: 'apps.notHtml', params: { uri, mimeType: 'image/png', expected: 'text/html;profile=mcp-app' } },
      message: `${uri} is image/png, not text/html;profile=mcp-app.`,
    });
    expect(refusal([{ uri, mimeType: 'text/html' }])?.text).toEqual({ code: 'apps.noHtml', params: { uri } });
    expect(refusal([{ uri, mimeType: 'text/html', text: 'x'.repeat(appResourceMaxBytes + 1) }])).toEqual({
      code: 'protocol_error',
      text: { code: 'apps.tooLarge', params: { uri, megabytes: appResourceMaxBytes / 1024 / 1024 } },
      message: `${uri} is larger than ${appResourceMaxBytes / 1024 / 1024} MB.`,
    });
  });
});
