/**
 * .mcpb bundles through the real MCP module and real processes: a bundle packed with @anthropic-ai/mcpb is inspected,
 * installed (user_config with a secret and a directory), runs as a stdio server whose tool answers, is updated keeping
 * its user_config, and uninstalled leaving nothing behind.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBundleCalls, type BundleCalls } from '../../electron/host/bundles/bundleCalls.ts';
import { FileSecretStore } from '../../electron/host/store/fileSecretStore.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { SECRET_MASK } from '../../electron/host/mcp/serversFileMask.ts';
import type { McpModule } from '../../electron/host/ports.ts';
import { packNodeBundle } from '../fixtures/bundles/buildBundle.ts';
import { firstText, listServers, moduleLifecycle, waitForState } from './module-harness.ts';
import { value } from './chat-harness.ts';

interface Whoami {
  version: string;
  dir: string;
  cwd: string;
  greeting: string | null;
  keyLength: number;
  folder: string | null;
  configFile: string | null;
  argv: string[];
}

async function whoami(module: McpModule, expectedVersion: string): Promise<Whoami> {
  // After an update the old process may answer once more while the new one starts: poll for the new version.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const result = await module.tools.callTool('hello-bundle__whoami', {});
    if (result.ok) {
      const answer = JSON.parse(firstText(result.value.content)) as Whoami;
      if (answer.version === expectedVersion) return answer;
    }
    if (Date.now() > deadline) throw new Error(`whoami never answered version ${expectedVersion}: ${JSON.stringify(result)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('.mcpb bundles: install, run, update, uninstall', () => {
  const { dataDir, start } = moduleLifecycle({ beforeEach, afterEach });
  let out = '';
  beforeEach(async () => {
    out = await mkdtemp(join(tmpdir(), 'sb-bundles-out-'));
  });
  afterEach(async () => {
    await rm(out, { recursive: true, force: true });
  });

  async function open(): Promise<{ module: McpModule; bundles: BundleCalls }> {
    const { module } = await start();
    const secrets = new FileSecretStore(join(dataDir(), 'secrets.json'));
    return { module, bundles: createBundleCalls({ dataDir: dataDir(), secrets, logger: silentLogger, servers: module.api }) };
  }

  it('installs a plain node bundle by path; its tool answers from the unpacked folder; uninstall leaves nothing', async () => {
    const { module, bundles } = await open();
    const path = await packNodeBundle(out);
    const preview = value(await bundles['bundles.inspect']({ source: { path } }));
    expect(preview).toMatchObject({ name: 'hello-bundle', displayName: 'Hello Bundle', version: '1.0.0', author: 'Switchboard tests', serverType: 'node', signature: { status: 'unsigned' } });
    expect(preview.tools.map((tool) => tool.name)).toEqual(['whoami']);
    expect(preview.compatibility.platforms).toContain('linux');
    expect(existsSync(join(dataDir(), 'bundles', 'hello-bundle'))).toBe(false);

    const view = value(await bundles['bundles.install']({ source: { path } }));
    expect(view.config.bundle).toEqual({ name: 'hello-bundle', version: '1.0.0' });
    await waitForState(module, 'hello-bundle', ['ready']);
    const folder = join(dataDir(), 'bundles', 'hello-bundle');
    const answer = await whoami(module, '1.0.0');
    expect(answer.dir).toBe(join(folder, 'server'));
    expect(answer.cwd).toBe(folder);

    value(await bundles['bundles.uninstall']({ id: 'hello-bundle' }));
    expect((await listServers(module)).map((server) => server.id)).not.toContain('hello-bundle');
    expect(await readdir(join(dataDir(), 'bundles'))).toEqual([]);
    const file = JSON.parse(await readFile(join(dataDir(), 'servers.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(file.mcpServers).toEqual({});
  }, 90_000);

  it('asks for user_config (secret, directory), substitutes it, keeps it across an update, and keeps the secret out of the list', async () => {
    const { module, bundles } = await open();
    const v1 = await packNodeBundle(out, { withUserConfig: true });
    const preview = value(await bundles['bundles.inspect']({ source: { base64: (await readFile(v1)).toString('base64') } }));
    expect(preview.userConfig.map((field) => [field.key, field.type, field.required, field.sensitive])).toEqual([
      ['greeting', 'string', false, false],
      ['api_key', 'string', true, true],
      ['folder', 'directory', true, false],
      ['limit', 'number', false, false],
      ['config_file', 'file', false, false],
    ]);

    // Required values missing: refused, nothing unpacked.
    const missing = await bundles['bundles.install']({ source: { path: v1 }, userConfig: { folder: '/tmp' } });
    expect(missing).toMatchObject({ ok: false, error: { code: 'bundle_refused', field: 'api_key', detail: 'missing_config', text: { code: 'bundle.optionRequired' } } });
    expect(existsSync(join(dataDir(), 'bundles', 'hello-bundle'))).toBe(false);

    const work = join(dataDir(), 'work');
    await mkdir(work);
    const configFile = join(work, 'settings.json');
    await writeFile(configFile, '{}');
    value(await bundles['bundles.install']({ source: { path: v1 }, userConfig: { api_key: 'sk-secret-1234', folder: work, limit: 7, config_file: configFile } }));
    await waitForState(module, 'hello-bundle', ['ready']);
    const first = await whoami(module, '1.0.0');
    // The key is in the spawned process's arguments (resolved at spawn time) though servers.json holds a placeholder.
    expect(first).toMatchObject({ greeting: 'hello', keyLength: 14, folder: work, configFile, argv: ['--limit=7', '--token=sk-secret-1234'] });
    const listed = (await listServers(module)).find((server) => server.id === 'hello-bundle');
    expect(listed?.config && 'env' in listed.config ? listed.config.env?.API_KEY : undefined).toBe(SECRET_MASK);
    // What the window sees holds neither the key nor anything it could be rebuilt from.
    expect(JSON.stringify(listed)).not.toContain('sk-secret-1234');
    // The server printed its arguments on stderr: its log shows them redacted.
    await expect.poll(async () => JSON.stringify(value(await module.api['servers.logs']({ id: 'hello-bundle' }))), { timeout: 30_000 }).toContain('--token=[redacted]');
    expect(JSON.stringify(value(await module.api['servers.logs']({ id: 'hello-bundle' })))).not.toContain('sk-secret-1234');
    // Decision 010: the running server got the key (keyLength above), yet servers.json holds only its name.
    const serversFile = await readFile(join(dataDir(), 'servers.json'), 'utf8');
    expect(serversFile).not.toContain('sk-secret-1234');
    const entry = (JSON.parse(serversFile) as { mcpServers: Record<string, { secretEnv?: string[]; secretArgs?: string[]; args?: string[] }> }).mcpServers['hello-bundle'];
    expect(entry?.secretEnv).toEqual(['API_KEY']);
    expect(entry?.secretArgs).toEqual(['api_key']);
    expect(entry?.args?.at(-1)).toBe('--token=${secret:api_key}');
    expect(await readFile(join(dataDir(), 'secrets.json'), 'utf8')).toContain('sk-secret-1234');

    // Update: a newer version over it, changing only the greeting; the secret, folder and limit are kept.
    const v2 = await packNodeBundle(out, { withUserConfig: true, version: '2.0.0' });
    const again = value(await bundles['bundles.inspect']({ source: { path: v2 } }));
    expect(again.installedVersion).toBe('1.0.0');
    expect(again.userConfig.find((field) => field.key === 'api_key')?.hasStoredValue).toBe(true);
    const updated = value(await bundles['bundles.install']({ source: { path: v2 }, userConfig: { greeting: 'bonjour' } }));
    expect(updated.config.bundle).toEqual({ name: 'hello-bundle', version: '2.0.0' });
    const second = await whoami(module, '2.0.0');
    expect(second).toMatchObject({ greeting: 'bonjour', keyLength: 14, folder: work, configFile, argv: ['--limit=7', '--token=sk-secret-1234'] });
    expect(await readFile(join(dataDir(), 'servers.json'), 'utf8')).not.toContain('sk-secret-1234');
    expect((await readdir(join(dataDir(), 'bundles'))).sort()).toEqual(['hello-bundle', 'hello-bundle.user-config.json']);
    // The secret is in the secret store, not in the sidecar.
    expect(await readFile(join(dataDir(), 'bundles', 'hello-bundle.user-config.json'), 'utf8')).not.toContain('sk-secret-1234');

    value(await bundles['bundles.uninstall']({ id: 'hello-bundle' }));
    expect(await readdir(join(dataDir(), 'bundles'))).toEqual([]);
    expect(await readFile(join(dataDir(), 'secrets.json'), 'utf8').catch(() => '')).not.toContain('sk-secret-1234');
  }, 120_000);

  it('a new sensitive value given at an update reaches the arguments; a copy of the entry under another name has no value and says so', async () => {
    const { module, bundles } = await open();
    const work = join(dataDir(), 'work');
    await mkdir(work);
    const options = { withUserConfig: true, argOnlySecret: true };
    value(await bundles['bundles.install']({ source: { path: await packNodeBundle(out, options) }, userConfig: { api_key: 'sk-first-value', folder: work, session: 'session-only-in-args' } }));
    expect((await whoami(module, '1.0.0')).argv).toEqual(['--limit=3', '--token=sk-first-value', 'session-only-in-args']);
    // A value only in the arguments, in a place whose name says nothing, is still redacted from the server's log.
    const logText = async () => JSON.stringify(value(await module.api['servers.logs']({ id: 'hello-bundle' })));
    await expect.poll(logText, { timeout: 30_000 }).toContain('--token=[redacted] [redacted]');
    expect(await logText()).not.toContain('session-only-in-args');
    // Test connection with the entry as the window has it: the report's stderr is redacted the same way.
    const shown = (await listServers(module)).find((server) => server.id === 'hello-bundle');
    if (!shown) throw new Error('no bundle entry');
    const report = value(await module.api['servers.test']({ name: 'hello-bundle', config: shown.config }));
    expect(report.status.state).toBe('ready');
    expect(report.stderrTail.join('\n')).toContain('--token=[redacted] [redacted]');
    value(await bundles['bundles.install']({ source: { path: await packNodeBundle(out, { ...options, version: '2.0.0' }) }, userConfig: { api_key: 'sk-second-value' } }));
    expect((await whoami(module, '2.0.0')).argv).toEqual(['--limit=3', '--token=sk-second-value', 'session-only-in-args']);
    const secretsFile = await readFile(join(dataDir(), 'secrets.json'), 'utf8');
    expect(secretsFile).toContain('sk-second-value');
    expect(secretsFile).not.toContain('sk-first-value');

    // The entry copied by hand from servers.json under another name: the placeholder comes along, no value is behind it.
    const raw = (JSON.parse(await readFile(join(dataDir(), 'servers.json'), 'utf8')) as { mcpServers: Record<string, { command: string; args?: string[]; secretArgs?: string[] }> }).mcpServers['hello-bundle'];
    if (!raw) throw new Error('no bundle entry in servers.json');
    value(await module.api['servers.add']({ name: 'copied', config: { command: raw.command, ...(raw.args ? { args: raw.args } : {}), ...(raw.secretArgs ? { secretArgs: raw.secretArgs } : {}) } }));
    const state = await waitForState(module, 'copied', ['error']);
    expect(state.state === 'error' && state.message).toContain('args: the value of "api_key" is not in the secret store');

    value(await bundles['bundles.uninstall']({ id: 'hello-bundle' }));
    expect(await readFile(join(dataDir(), 'secrets.json'), 'utf8')).not.toContain('sk-second-value');
  }, 120_000);

  it('refuses a bundle whose name belongs to a server not installed from a bundle', async () => {
    const { module, bundles } = await open();
    value(await module.api['servers.add']({ name: 'hello-bundle', config: { command: process.execPath, args: ['-e', ''], enabled: false } }));
    const result = await bundles['bundles.install']({ source: { path: await packNodeBundle(out) } });
    expect(result).toMatchObject({ ok: false, error: { code: 'bundle_refused', detail: 'name_taken' } });
    expect(existsSync(join(dataDir(), 'bundles', 'hello-bundle'))).toBe(false);
  }, 60_000);
});
