/**
 * The Browse tab's data through the whole host (createHost, settings, `catalog.list`): the registry in settings when
 * it answers (a fixture registry on 127.0.0.1), the bundled catalog when it is down, misbehaves or is turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../shared/catalog/bundled.ts';
import { createCatalogCalls } from '../../electron/host/catalog/catalogCalls.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/catalogRegistry.ts';
import { startHost, tempDataDir, value, type HostUnderTest } from './chat-harness.ts';

const weather = {
  name: 'io.github.example/weather',
  description: 'Forecasts from the fixture registry',
  version: '1.0.0',
  packages: [{ registryType: 'npm', identifier: 'weather-mcp', version: '1.0.0', transport: { type: 'stdio' }, environmentVariables: [{ name: 'WEATHER_KEY', isRequired: true, isSecret: true }] }],
};
const tides = { name: 'io.github.example/tides', description: 'Tide tables', version: '2.0.0', remotes: [{ type: 'streamable-http', url: 'https://tides.example.com/mcp' }] };
const broken = { name: 'no-namespace', description: 'not valid server.json' };

describe('catalog.list through the host', () => {
  let registry: FixtureRegistry;
  let data: ReturnType<typeof tempDataDir>;
  let target: HostUnderTest;

  beforeAll(async () => {
    registry = await startFixtureRegistry([weather, tides, broken]);
    data = tempDataDir('sb-catalog-');
    target = await startHost({ dataDir: data.dir, baseUrl: 'http://127.0.0.1:9' });
  });

  afterAll(async () => {
    await target.host.shutdown();
    await registry.close();
    data.remove();
  });

  it('defaults to the official registry URL', async () => {
    expect(value(await target.api['settings.get']({})).catalogRegistryUrl).toBe('https://registry.modelcontextprotocol.io/v0/servers');
  });

  it('lists the registry when it answers, leaving out entries that are not valid server.json', async () => {
    value(await target.api['settings.update']({ catalogRegistryUrl: registry.url }));
    const listing = value(await target.api['catalog.list']({}));
    expect(listing.source).toBe('registry');
    expect(listing.entries.map((e) => e.name)).toEqual([weather.name, tides.name]);
    expect(listing.rejected).toBe(1);
    expect(listing.fallback).toBeUndefined();
    expect(registry.requests.at(-1)?.get('version')).toBe('latest');
  });

  it('passes the search to the registry', async () => {
    const listing = value(await target.api['catalog.list']({ query: 'tides' }));
    expect(listing.entries.map((e) => e.name)).toEqual([tides.name]);
    expect(registry.requests.at(-1)?.get('search')).toBe('tides');
  });

  // Why, as a code the window translates (the English stays in message for the log).
  it.each([['http500', 'catalog.http'], ['not_json', 'catalog.notJson'], ['wrong_shape', 'catalog.notList'], ['huge', 'catalog.tooBig']] as const)('falls back to the bundled catalog when the registry answers %s, and says why (%s)', async (behaviour, code) => {
    registry.behave(behaviour);
    const listing = value(await target.api['catalog.list']({}));
    expect(listing.source).toBe('bundled');
    expect(listing.entries).toHaveLength(bundledCatalog.length);
    expect(listing.fallback?.code).toBe('protocol_error');
    expect(listing.fallback?.text?.code).toBe(code);
    registry.behave('ok');
  });

  it('falls back to the bundled catalog (searched locally) when the registry is down', async () => {
    const down = await startFixtureRegistry([]);
    const url = down.url;
    await down.close(); // nothing listens on that port any more
    value(await target.api['settings.update']({ catalogRegistryUrl: url }));
    const listing = value(await target.api['catalog.list']({ query: 'memory' }));
    expect(listing.source).toBe('bundled');
    expect(listing.fallback?.code).toBe('connect_failed');
    expect(listing.fallback?.text?.code).toBe('catalog.unreachable');
    expect(listing.entries.map((e) => e.name)).toContain('io.github.modelcontextprotocol/memory');
    expect(listing.entries.every((e) => `${e.name} ${e.title ?? ''} ${e.description}`.toLowerCase().includes('memory'))).toBe(true);
  });

  it('an empty registry URL turns the registry off: bundled catalog, no fallback notice, no request', async () => {
    const before = registry.requests.length;
    value(await target.api['settings.update']({ catalogRegistryUrl: '' }));
    const listing = value(await target.api['catalog.list']({}));
    expect(listing).toMatchObject({ source: 'bundled', registryUrl: '' });
    expect(listing.fallback).toBeUndefined();
    expect(registry.requests.length).toBe(before);
  });

  it('refuses a registry URL that is not http(s)', async () => {
    const result = await target.api['settings.update']({ catalogRegistryUrl: 'file:///etc/passwd' });
    expect(result.ok).toBe(false);
  });
});

describe('catalog.list with a registry that never answers', () => {
  it('gives up after the timeout and shows the bundled catalog', async () => {
    const registry = await startFixtureRegistry([weather]);
    registry.behave('hang');
    try {
      const calls = createCatalogCalls({ registryUrl: () => Promise.resolve(registry.url), logger: silentLogger, request: { timeoutMs: 300 } });
      const listing = value(await calls['catalog.list']({}));
      expect(listing.source).toBe('bundled');
      expect(listing.fallback?.code).toBe('timeout');
      expect(listing.fallback?.text).toMatchObject({ code: 'catalog.timeout', params: { seconds: 0.3 } });
    } finally {
      await registry.close();
    }
  });
});
