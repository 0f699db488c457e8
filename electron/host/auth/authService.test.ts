/** The sign-in calls refused before any sign-in starts, and a sign-out of no server: codes the sign-in panel translates. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateServerEntry } from '../../../shared/importConfig.ts';
import type { ServerConfig } from '../../../shared/serverConfig.ts';
import { silentLogger } from '../environment.ts';
import { FileSecretStore } from '../store/fileSecretStore.ts';
import { createAuthService } from './authService.ts';

describe('auth service refusals', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sb-auth-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a sign-in to no server, to a local server and to one sending its own Authorization header', async () => {
    const entry = (raw: unknown): ServerConfig | undefined => {
      const checked = validateServerEntry(raw);
      return checked.ok ? checked.config : undefined;
    };
    const configs: Record<string, ServerConfig | undefined> = {
      local: entry({ command: 'node' }),
      own: entry({ type: 'http', url: 'https://example.invalid/mcp', headers: { Authorization: 'Bearer x' } }),
    };
    const auth = createAuthService({ secrets: new FileSecretStore(join(dir, 'secrets.json')), logger: silentLogger, serverConfig: (id) => configs[id], restartServer: () => Promise.resolve() });
    expect(await auth.signIn('nope')).toEqual({ ok: false, error: { code: 'not_found', message: 'No server named nope', text: { code: 'signIn.noServer', params: { server: 'nope' } } } });
    expect(await auth.signIn('local')).toMatchObject({ ok: false, error: { code: 'invalid_params', text: { code: 'signIn.remoteOnly' } } });
    expect(await auth.signIn('own')).toMatchObject({ ok: false, error: { code: 'invalid_config', field: 'config.headers', text: { code: 'signIn.ownHeader' } } });
    expect(await auth.signOut('nope')).toMatchObject({ ok: false, error: { code: 'not_found', text: { code: 'signIn.noServer', params: { server: 'nope' } } } });
  });
});
