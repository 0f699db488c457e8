/**
 * The servers file and import through the real MCP module and real servers: invalid entries reported and kept,
 * a broken file left alone, import with bad entries and clashes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServersDelta } from '../../shared/servers.ts';
import { everything, listServers, memory, moduleLifecycle, readServersFile, waitForReadyAgain, waitForState } from './module-harness.ts';

describe('MCP module with real servers: configuration and import', () => {
  const serversPath = () => join(dataDir(), 'servers.json');

  const { dataDir, start } = moduleLifecycle({ beforeEach, afterEach });

  it('reports invalid entries by name and field, starts the valid ones, and never drops the invalid ones', async () => {
    const broken = { command: process.execPath, args: 'not-a-list', note: 'keep me' };
    const badUrl = { type: 'http', url: 'ftp://example.com/mcp' };
    await writeFile(serversPath(), JSON.stringify({ mcpServers: { broken, 'bad url': badUrl, memory: memory(join(dataDir(), 'g.jsonl')) } }, null, 2));
    const { module, events } = await start();

    const views = await listServers(module);
    expect(views.map((view) => [view.id, view.status.state])).toEqual([['broken', 'invalid'], ['bad url', 'invalid'], ['memory', 'ready']]);
    expect(views[0]?.status).toMatchObject({ state: 'invalid', field: 'args', message: expect.stringContaining('args') as unknown });
    expect(views[1]?.status).toMatchObject({ state: 'invalid', field: 'url' });
    expect(views[1]?.transport).toBe('http');
    expect(module.tools.listTools().every((tool) => tool.serverId === 'memory')).toBe(true);

    // A change elsewhere rewrites the file; the invalid entries stay exactly as the user wrote them.
    expect((await module.api['servers.setTrustReadOnly']({ id: 'memory', trust: true })).ok).toBe(true);
    const stored = await readServersFile(dataDir());
    expect(stored.mcpServers.broken).toEqual(broken);
    expect(stored.mcpServers['bad url']).toEqual(badUrl);
    expect(JSON.parse(await readFile(`${serversPath()}.bak`, 'utf8'))).toMatchObject({ mcpServers: { broken } });

    // Fixing the entry through the API starts it, and the unknown field survives the edit.
    const fixed = await module.api['servers.update']({ id: 'broken', config: everything() });
    expect(fixed.ok).toBe(true);
    await waitForState(module, 'broken', ['ready']);
    expect((await readServersFile(dataDir())).mcpServers.broken).toMatchObject({ note: 'keep me', args: everything().args });
    const transitions = events
      .filter((event) => event.name === 'servers.changed')
      // Deltas: a push names the server only when its view changed.
      .flatMap((event) => (event.payload as ServersDelta).changed.find((view) => view.id === 'broken')?.status.state ?? []);
    expect(transitions).toContain('invalid');
    expect(transitions.at(-1)).toBe('ready');
  });

  it('leaves a servers file that is not JSON untouched, says where it broke, and recovers once fixed', async () => {
    const text = '{\n  "mcpServers": {\n    "memory": { "command": "node" }\n    "other": {}\n  }\n}\n';
    await writeFile(serversPath(), text);
    const { module } = await start();
    const list = await module.api['servers.list']({});
    expect(list.ok ? undefined : list.error).toMatchObject({ code: 'storage_error', message: expect.stringMatching(/line 4/) as unknown });
    const add = await module.api['servers.add']({ name: 'x', config: everything() });
    expect(add.ok ? undefined : add.error.code).toBe('storage_error');
    expect(await readFile(serversPath(), 'utf8')).toBe(text);

    await writeFile(serversPath(), JSON.stringify({ mcpServers: { memory: memory(join(dataDir(), 'g.jsonl')) } }));
    expect((await listServers(module)).map((view) => view.id)).toEqual(['memory']);
    await waitForState(module, 'memory', ['ready']);
  });

  it('imports the good entries of a VS Code file, reports the bad one, and resolves a clash only by rename or replace', async () => {
    await writeFile(serversPath(), JSON.stringify({ mcpServers: { memory: memory(join(dataDir(), 'old.jsonl')) } }));
    const { module } = await start();
    await waitForState(module, 'memory', ['ready']);
    const doc = {
      inputs: [{ type: 'promptString', id: 'key', password: true }],
      servers: {
        everything: { type: 'stdio', ...everything() },
        memory: { type: 'stdio', ...memory(join(dataDir(), 'new.jsonl')) },
        remote: { type: 'http', url: 'not a url' },
      },
    };
    // VS Code writes comments and trailing commas.
    const text = `// my VS Code servers\n${JSON.stringify(doc, null, 2).replace(/\n}$/, ',\n}')}`;

    const preview = await module.api['servers.importPreview']({ text });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.value.format).toBe('vscode');
    expect(preview.value.notes?.[0]).toMatch(/input/);
    expect(preview.value.entries.map((entry) => [entry.name, entry.clash, entry.error?.field])).toEqual([
      ['everything', false, undefined],
      ['memory', true, undefined],
      ['remote', false, 'url'],
    ]);

    const applied = await module.api['servers.importApply']({
      text,
      decisions: ['everything', 'memory', 'remote'].map((name) => ({ name, action: 'add' as const })),
    });
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value.added).toEqual(['everything']);
    expect(applied.value.failed.map((failure) => [failure.name, failure.error.code, failure.error.field])).toEqual([
      ['memory', 'already_exists', 'name'],
      ['remote', 'invalid_config', 'url'],
    ]);
    await waitForState(module, 'everything', ['ready']);
    expect((await readServersFile(dataDir())).mcpServers.memory).toMatchObject({ env: { MEMORY_FILE_PATH: join(dataDir(), 'old.jsonl') } });

    const renamed = await module.api['servers.importApply']({ text, decisions: [{ name: 'memory', action: 'rename', newName: 'memory (work)' }] });
    expect(renamed.ok ? renamed.value.added : undefined).toEqual(['memory (work)']);
    await waitForState(module, 'memory (work)', ['ready']);
    const memoryTools = module.tools.listTools().filter((tool) => tool.toolName === 'read_graph').map((tool) => tool.exposedName);
    expect(memoryTools.sort()).toEqual(['memory__read_graph', 'memory_work__read_graph']);

    const oldMemory = (await listServers(module)).find((view) => view.id === 'memory')?.status;
    const replaced = await module.api['servers.importApply']({ text, decisions: [{ name: 'memory', action: 'replace' }] });
    expect(replaced.ok ? replaced.value.replaced : undefined).toEqual(['memory']);
    expect((await readServersFile(dataDir())).mcpServers.memory).toMatchObject({ env: { MEMORY_FILE_PATH: join(dataDir(), 'new.jsonl') } });
    // The replaced server restarts with the new config and is ready again (not just still showing its old "ready").
    await waitForReadyAgain(module, 'memory', oldMemory);
    expect(Object.keys((await readServersFile(dataDir())).mcpServers)).toEqual(['memory', 'everything', 'memory (work)']);
  });
});
