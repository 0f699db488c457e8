import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../store/fileSecretStore.ts';
import { copySecrets, deleteSecrets, resolveLaunchSecrets, resolveSecrets, serverSecretKey, storeArgSecrets } from './serversFileSecrets.ts';
import type { StdioServerConfig } from '../../../shared/serverConfig.ts';

describe('argument values in the secret store (secretArgs)', () => {
  let dir = '';
  let store: FileSecretStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-arg-secrets-'));
    store = new FileSecretStore(join(dir, 'secrets.json'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const config: StdioServerConfig = { command: 'node', args: ['s.js', '--token=${secret:key}', '${secret:key}', '${secret:other}'], secretArgs: ['key'] };

  it('puts each listed value where its placeholder is, in one pass, and answers the values read', async () => {
    // A value holding a placeholder is not expanded again; an unlisted placeholder stays as written.
    await storeArgSecrets(store, 'srv', new Map([['key', 'v$&${secret:key}']]));
    const resolved = await resolveLaunchSecrets(store, 'srv', config);
    expect(resolved).toEqual({ ok: true, value: { config: { ...config, args: ['s.js', '--token=v$&${secret:key}', 'v$&${secret:key}', '${secret:other}'] }, argValues: ['v$&${secret:key}'] } });
    // Another server's name finds nothing: a copied entry does not borrow the values.
    const copied = await resolveSecrets(store, 'copy', config);
    expect(copied).toMatchObject({ ok: false, error: { code: 'invalid_config', field: 'args' } });
    expect(!copied.ok && copied.error.message).toContain('"key" is not in the secret store');
    expect(copied).toMatchObject({ ok: false, error: { text: { code: 'servers.argSecretMissing', params: { name: 'key' } } } });
  });

  it('moves with a rename and is forgotten when no longer listed', async () => {
    await storeArgSecrets(store, 'srv', new Map([['key', 'value-1']]));
    await copySecrets(store, 'srv', 'renamed', config, new Map());
    expect(await store.get(serverSecretKey('renamed', 'arg', 'key'))).toBe('value-1');
    await deleteSecrets(store, 'srv', config, config);
    expect(await store.get(serverSecretKey('srv', 'arg', 'key'))).toBe('value-1');
    await deleteSecrets(store, 'srv', config, { command: 'node' });
    expect(await store.get(serverSecretKey('srv', 'arg', 'key'))).toBeUndefined();
  });

  it('leaves a config that names nothing stored as the same object', async () => {
    const plain: StdioServerConfig = { command: 'node', args: ['${secret:key}'] };
    const resolved = await resolveSecrets(store, 'srv', plain);
    expect(resolved.ok && resolved.value).toBe(plain);
  });
});
