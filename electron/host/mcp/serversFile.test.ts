import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/errors.ts';
import { ServersFile, withEntries } from './serversFile.ts';

describe('servers file', () => {
  let dir: string;
  let path: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-servers-'));
    path = join(dir, 'servers.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const readJson = async (file = path): Promise<unknown> => JSON.parse(await readFile(file, 'utf8')) as unknown;
  const addEntry = (file: ServersFile, name: string, entry: unknown) =>
    file.update((doc) => ok({ doc: withEntries(doc, new Map([...doc.entries, [name, entry]])), value: null }));

  it('creates an empty mcpServers file with owner-only permissions when none exists', async () => {
    const file = new ServersFile(dir);
    const state = await file.load();
    expect(state.state).toBe('ok');
    expect(await readJson()).toEqual({ mcpServers: {} });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('writes changes atomically and keeps the previous version as servers.json.bak', async () => {
    const file = new ServersFile(dir);
    await file.load();
    expect((await addEntry(file, 'a', { command: 'node' })).ok).toBe(true);
    expect((await addEntry(file, 'b', { url: 'https://x.example/mcp' })).ok).toBe(true);
    expect(await readJson()).toEqual({ mcpServers: { a: { command: 'node' }, b: { url: 'https://x.example/mcp' } } });
    expect(await readJson(`${path}.bak`)).toEqual({ mcpServers: { a: { command: 'node' } } });
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps invalid entries, unknown fields and other top-level keys verbatim when rewriting', async () => {
    const original = {
      comment: 'mine',
      mcpServers: { broken: { command: 42, extra: [1, 2] }, weird: 'not even an object', ok: { command: 'node', customField: true } },
      other: { nested: true },
    };
    await writeFile(path, JSON.stringify(original));
    const file = new ServersFile(dir);
    await file.load();
    await addEntry(file, 'new', { command: 'x' });
    expect(await readJson()).toEqual({ ...original, mcpServers: { ...original.mcpServers, new: { command: 'x' } } });
  });

  it('reads files with comments and trailing commas', async () => {
    await writeFile(path, '{\n  // my servers\n  "mcpServers": { "a": { "command": "node", }, },\n}\n');
    const state = await new ServersFile(dir).load();
    expect(state.state === 'ok' ? [...state.doc.entries.keys()] : state.error.message).toEqual(['a']);
  });

  it('reports a file that is not JSON with its position and never overwrites it', async () => {
    const broken = '{\n  "mcpServers": {\n    "a": { "command": "node" }\n    "b": {}\n  }\n}\n';
    await writeFile(path, broken);
    const file = new ServersFile(dir);
    const state = await file.load();
    expect(state.state).toBe('unreadable');
    if (state.state === 'unreadable') {
      expect(state.error.code).toBe('storage_error');
      expect(state.error.message).toContain(path);
      expect(state.error.message).toMatch(/line 4/);
      // The window gets the sentence as a code, the parser's problem nested in it by its own code.
      expect(state.error.text).toMatchObject({ code: 'servers.fileJson', params: { path, backup: 'servers.json.bak', problem: 'jsonAt', line: 4 } });
      expect(state.error.message).toBe(`${path}: Not valid JSON at line 4, column 5: ${String(state.error.text?.params?.reason)}. Switchboard will not change this file until it is fixed (the previous version is in servers.json.bak).`);
    }
    const change = await addEntry(file, 'x', { command: 'y' });
    expect(change.ok ? undefined : change.error.code).toBe('storage_error');
    expect(await readFile(path, 'utf8')).toBe(broken);
  });

  it('refuses a file whose mcpServers is not an object', async () => {
    await writeFile(path, '{ "mcpServers": ["a"] }');
    expect(await new ServersFile(dir).load()).toMatchObject({ state: 'unreadable', error: { text: { code: 'servers.fileNotMap', params: { path } } } });
    await writeFile(path, '[]');
    expect(await new ServersFile(dir).load()).toMatchObject({ state: 'unreadable', error: { text: { code: 'servers.fileNotObject' } } });
  });

  it('applies a change on top of a hand edit made while running', async () => {
    const file = new ServersFile(dir);
    await file.load();
    await addEntry(file, 'a', { command: 'node' });
    await writeFile(path, JSON.stringify({ mcpServers: { a: { command: 'node' }, hand: { command: 'edited' } } }));
    await addEntry(file, 'b', { command: 'x' });
    expect(Object.keys((await readJson()) as { mcpServers: object }).length).toBe(1);
    expect(Object.keys(((await readJson()) as { mcpServers: object }).mcpServers)).toEqual(['a', 'hand', 'b']);
  });

  it('keeps the old data and answers a typed error when the save fails', async () => {
    const file = new ServersFile(dir);
    await file.load();
    await addEntry(file, 'a', { command: 'node' });
    // A non-empty folder where the backup goes makes the save fail even for root (permissions would not).
    await rm(`${path}.bak`);
    await mkdir(`${path}.bak`);
    await writeFile(join(`${path}.bak`, 'keep'), 'x');
    const result = await addEntry(file, 'b', { command: 'x' });
    expect(result.ok ? undefined : result.error).toMatchObject({ code: 'storage_error', message: expect.stringMatching(/Could not save/) as unknown, text: { code: 'servers.fileSaveFailed', params: { path } } });
    expect(await readJson()).toEqual({ mcpServers: { a: { command: 'node' } } });
    expect(file.state.state === 'ok' ? [...file.state.doc.entries.keys()] : []).toEqual(['a']);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('serializes concurrent changes so none is lost', async () => {
    const file = new ServersFile(dir);
    await file.load();
    await Promise.all(Array.from({ length: 10 }, (_, i) => addEntry(file, `s${i}`, { command: 'node' })));
    expect(Object.keys(((await readJson()) as { mcpServers: object }).mcpServers)).toHaveLength(10);
  });
});
