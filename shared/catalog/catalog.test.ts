import { describe, expect, it } from 'vitest';
import raw from './bundled.json' with { type: 'json' };
import { bundledCatalog, bundledRejected } from './bundled.ts';
import { displayName, parseEntries, searchCatalog } from './catalog.ts';
import { installOptions } from './install.ts';
import { registryPageSchema, serverJsonSchema } from './serverJson.ts';

describe('bundled catalog', () => {
  it('every entry is valid server.json, names are unique, and there are at least 25', () => {
    for (const entry of raw) {
      const parsed = serverJsonSchema.safeParse(entry);
      expect(parsed.success, `${entry.name}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
    }
    expect(bundledRejected).toBe(0);
    expect(bundledCatalog.length).toBe(raw.length);
    expect(new Set(bundledCatalog.map((e) => e.name)).size).toBe(bundledCatalog.length);
    expect(bundledCatalog.length).toBeGreaterThanOrEqual(25);
  });

  it('every entry can be installed some way Switchboard runs (npm, pypi, oci or a remote)', () => {
    for (const entry of bundledCatalog) expect(installOptions(entry).length, entry.name).toBeGreaterThan(0);
  });

  it('covers the well-known servers and several remote ones', () => {
    const names = bundledCatalog.map((e) => displayName(e).toLowerCase());
    for (const wanted of ['filesystem', 'memory', 'fetch', 'git', 'github', 'sequential thinking', 'playwright', 'chrome devtools', 'time', 'sqlite', 'postgresql', 'slack', 'notion', 'sentry', 'context7', 'everything', 'brave search', 'puppeteer']) {
      expect(names, wanted).toContain(wanted);
    }
    expect(bundledCatalog.filter((e) => (e.remotes ?? []).length > 0).length).toBeGreaterThanOrEqual(5);
  });
});

describe('server.json schema', () => {
  const good = { name: 'io.github.example/weather', description: 'Weather', version: '1.0.0', packages: [{ registryType: 'npm', identifier: 'weather-mcp', version: '1.0.0', transport: { type: 'stdio' } }] };

  it('accepts the registry shape and ignores fields it does not know (_meta, icons)', () => {
    expect(serverJsonSchema.safeParse({ ...good, _meta: { x: 1 }, icons: [] }).success).toBe(true);
  });

  it('refuses a name without a namespace, a description over 100 characters, a missing version, a package without transport', () => {
    expect(serverJsonSchema.safeParse({ ...good, name: 'weather' }).success).toBe(false);
    expect(serverJsonSchema.safeParse({ ...good, description: 'x'.repeat(101) }).success).toBe(false);
    expect(serverJsonSchema.safeParse({ name: good.name, description: 'Weather' }).success).toBe(false);
    expect(serverJsonSchema.safeParse({ ...good, packages: [{ registryType: 'npm', identifier: 'x' }] }).success).toBe(false);
    expect(serverJsonSchema.safeParse({ ...good, remotes: [{ type: 'websocket', url: 'wss://x' }] }).success).toBe(false);
  });

  it('refuses links the app would open that are not http(s) (a hostile registry cannot plant javascript: links)', () => {
    expect(serverJsonSchema.safeParse({ ...good, websiteUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(serverJsonSchema.safeParse({ ...good, repository: { url: 'file:///etc/passwd', source: 'github' } }).success).toBe(false);
    expect(serverJsonSchema.safeParse({ ...good, websiteUrl: 'https://example.com/docs' }).success).toBe(true);
  });

  it('parseEntries keeps the valid entries of a registry page, first of each name, and counts the rest', () => {
    const page = registryPageSchema.parse({ servers: [{ server: good }, { server: { name: 'bad' } }, { server: good, _meta: {} }], metadata: { count: 3 } });
    const { entries, rejected } = parseEntries(page.servers.map((s) => s.server));
    expect(entries.map((e) => e.name)).toEqual([good.name]);
    expect(rejected).toBe(1);
  });
});

describe('searchCatalog', () => {
  it('matches every word in name, title or description, any case', () => {
    expect(searchCatalog(bundledCatalog, 'MEMORY').map((e) => e.name)).toContain('io.github.modelcontextprotocol/memory');
    expect(searchCatalog(bundledCatalog, 'browser automation').map((e) => displayName(e))).toEqual(expect.arrayContaining(['Playwright', 'Puppeteer']));
    expect(searchCatalog(bundledCatalog, 'no-such-server-anywhere')).toEqual([]);
    expect(searchCatalog(bundledCatalog, '  ')).toHaveLength(bundledCatalog.length);
  });
});
