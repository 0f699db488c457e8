/**
 * Server secrets in the secret store (decision 010), through the real MCP module, a real 0600 secret file and a real
 * process: a catalog entry with an `isSecret` variable is installed the way the Browse tab does it (plan, the add
 * form's round trip, servers.add); servers.json never holds the value, the server gets it in its environment
 * (server-everything's get-env echoes it), replacing it restarts the server with the new one, and removing the server
 * deletes it. An entry with a plain value in servers.json keeps working as before.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../shared/catalog/bundled.ts';
import { parseEntries } from '../../shared/catalog/catalog.ts';
import { installOptions, planInstall } from '../../shared/catalog/install.ts';
import { configFromForm, formFromConfig } from '../../renderer/src/features/servers/form/serverForm.ts';
import { SECRET_MASK } from '../../electron/host/mcp/serversFileMask.ts';
import type { McpModule } from '../../electron/host/ports.ts';
import { firstText, listServers, moduleLifecycle, waitForState } from './module-harness.ts';
import { everythingScript, value } from './chat-harness.ts';

const everything = bundledCatalog.find((entry) => entry.name === 'io.github.modelcontextprotocol/everything');
if (!everything?.packages?.[0]) throw new Error('the bundled catalog lost server-everything');
/** The catalog fixture: server-everything (resolved by npx from node_modules) asking for a secret variable. */
const fixture = {
  ...everything,
  name: 'io.github.example/everything-with-key',
  packages: [{ ...everything.packages[0], environmentVariables: [{ name: 'SB_TEST_KEY', description: 'A key', isRequired: true, isSecret: true }] }],
};

const firstKey = 'sk-catalog-first-7h3k9';
const secondKey = 'sk-catalog-second-p2m8q';

/** What get-env reports for SB_TEST_KEY, polled until it equals `expected` (a restart may still be under way). */
async function keyInEnv(module: McpModule, server: string, expected: string): Promise<string | undefined> {
  const deadline = Date.now() + 60_000;
  let seen: string | undefined;
  while (Date.now() < deadline) {
    const result = await module.tools.callTool(`${server}__get-env`, {});
    if (result.ok) {
      seen = (JSON.parse(firstText(result.value.content)) as Record<string, string | undefined>).SB_TEST_KEY;
      if (seen === expected) return seen;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return seen;
}

describe('server secrets live in the secret store', () => {
  const { dataDir, start } = moduleLifecycle({ beforeEach, afterEach });
  const serversFile = () => readFile(join(dataDir(), 'servers.json'), 'utf8');
  const secretsFile = () => readFile(join(dataDir(), 'secrets.json'), 'utf8').catch(() => '');

  beforeEach(() => {
    process.env.SB_TEST_KEY = 'from-the-host-environment'; // must never reach the server: only its own env does
  });
  afterEach(() => {
    delete process.env.SB_TEST_KEY;
  });

  it('a catalog install keeps the secret out of servers.json, the server gets it, a replacement restarts it, removal deletes it', async () => {
    const { module } = await start();
    const [entry] = parseEntries([fixture]).entries;
    if (!entry) throw new Error('fixture is not valid server.json');
    const option = installOptions(entry)[0];
    if (!option) throw new Error('no install option');
    const input = planInstall(entry, option).inputs.find((i) => i.isSecret);
    if (!input) throw new Error('the secret input was not asked for');
    const plan = planInstall(entry, option, { [input.key]: firstKey });
    expect(plan.missing).toEqual([]);
    // The add form opened by Install keeps the row in the secret store on save.
    const config = configFromForm(formFromConfig('keyed', plan.config));
    expect(config).toMatchObject({ secretEnv: ['SB_TEST_KEY'], env: { SB_TEST_KEY: firstKey } });

    const added = value(await module.api['servers.add']({ name: 'keyed', config }));
    expect(added.config).toMatchObject({ env: { SB_TEST_KEY: SECRET_MASK }, secretEnv: ['SB_TEST_KEY'] });
    expect(await serversFile()).not.toContain(firstKey);
    expect(JSON.parse(await serversFile())).toMatchObject({ mcpServers: { keyed: { secretEnv: ['SB_TEST_KEY'] } } });
    expect(await secretsFile()).toContain(firstKey);
    await waitForState(module, 'keyed', ['ready'], 90_000);
    expect(await keyInEnv(module, 'keyed', firstKey)).toBe(firstKey);

    // Edit: the form shows the stored row as the mask; saved untouched it keeps the value, replaced it restarts.
    const shown = formFromConfig('keyed', added.config);
    expect(shown.env).toEqual([{ key: 'SB_TEST_KEY', value: SECRET_MASK, stored: true }]);
    value(await module.api['servers.update']({ id: 'keyed', config: configFromForm(shown, added.config) }));
    expect(await keyInEnv(module, 'keyed', firstKey)).toBe(firstKey);
    const replaced = { ...shown, env: [{ key: 'SB_TEST_KEY', value: secondKey, stored: true }] };
    value(await module.api['servers.update']({ id: 'keyed', config: configFromForm(replaced, added.config) }));
    expect(await keyInEnv(module, 'keyed', secondKey)).toBe(secondKey);
    expect(await serversFile()).not.toContain(secondKey);
    expect(await secretsFile()).not.toContain(firstKey);

    // The log never shows it either (redacted like a value in the file).
    const logs = value(await module.api['servers.logs']({ id: 'keyed' }));
    expect(JSON.stringify(logs)).not.toContain(secondKey);

    value(await module.api['servers.remove']({ id: 'keyed' }));
    expect(await secretsFile()).not.toContain(secondKey);
  }, 180_000);

  it('a listed secret that is not in the store fails the start, naming the field', async () => {
    const { module } = await start();
    const config = { command: process.execPath, args: [everythingScript, 'stdio'], env: { SB_TEST_KEY: firstKey }, secretEnv: ['SB_TEST_KEY'] };
    value(await module.api['servers.add']({ name: 'keyed', config }));
    // Someone deletes the secret file by hand: the server says which value to type again instead of starting without it.
    await rm(join(dataDir(), 'secrets.json'));
    value(await module.api['servers.restart']({ id: 'keyed' }));
    const status = await waitForState(module, 'keyed', ['error'], 60_000);
    expect(status.state).toBe('error');
    expect(status.state === 'error' ? status.message : '').toContain('env.SB_TEST_KEY');
    // A masked value sent for a name with nothing stored behind it is refused rather than saved as bullets.
    const refused = await module.api['servers.add']({ name: 'other', config: { ...config, env: { SB_TEST_KEY: SECRET_MASK } } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_config', field: 'env.SB_TEST_KEY' } });
  }, 120_000);

  it('a plain value already in servers.json keeps working', async () => {
    const { module } = await start();
    value(await module.api['servers.add']({ name: 'plain', config: { command: process.execPath, args: [everythingScript, 'stdio'], env: { SB_TEST_KEY: firstKey } } }));
    await waitForState(module, 'plain', ['ready'], 60_000);
    expect(await keyInEnv(module, 'plain', firstKey)).toBe(firstKey);
    expect(await serversFile()).toContain(firstKey);
    expect((await listServers(module)).find((s) => s.id === 'plain')?.config).toMatchObject({ env: { SB_TEST_KEY: SECRET_MASK } });
  }, 90_000);
});
