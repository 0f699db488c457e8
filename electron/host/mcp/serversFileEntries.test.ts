import { describe, expect, it } from 'vitest';
import { emptyDocument, parseServersText, serializeDocument, withEntries } from './serversFile.ts';
import { findName, lenientConfig, mergeEntry, patchToolSettings, replaceEntry, toManagedServers } from './serversFileEntries.ts';

const PROTO_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

describe('servers file entries', () => {
  it('validates each entry on its own, naming the field of the invalid ones', () => {
    const managed = toManagedServers(new Map<string, unknown>([
      ['good', { command: 'node', args: ['x'] }],
      ['remote', { url: 'https://x.example/mcp' }],
      ['bad env', { command: 'node', env: { 'NOT-OK': 'x' } }],
      ['no command', { args: ['x'] }],
      [' padded ', { command: 'node' }],
      ['scalar', 7],
    ]));
    expect(managed).toEqual([
      { id: 'good', config: { command: 'node', args: ['x'] } },
      { id: 'remote', config: { type: 'http', url: 'https://x.example/mcp' } },
      { id: 'bad env', invalid: expect.objectContaining({ field: 'env.NOT-OK' }) as unknown },
      { id: 'no command', invalid: expect.objectContaining({ field: 'command' }) as unknown },
      { id: ' padded ', invalid: expect.objectContaining({ field: 'name' }) as unknown },
      { id: 'scalar', invalid: expect.objectContaining({ message: expect.stringMatching(/must be an object/) as unknown }) as unknown },
    ]);
  });

  it('shows what it can of an invalid entry so the form can fix it', () => {
    expect(lenientConfig({ command: 'node', args: ['a', 3], env: { A: 'x', B: 2 }, enabled: false })).toEqual({
      command: 'node', args: ['a'], env: { A: 'x' }, enabled: false,
    });
    expect(lenientConfig({ url: 42, headers: { H: 'v' } })).toEqual({ type: 'http', url: '', headers: { H: 'v' } });
    expect(lenientConfig('junk')).toEqual({ command: '' });
  });

  it('keeps unknown fields, enabled and tool settings when an edit leaves them out', () => {
    const merged = mergeEntry(
      { command: 'old', cwd: '/old', enabled: false, tools: { a: { enabled: false } }, customField: [1] },
      { command: 'new', args: ['x'] },
    );
    expect(merged).toEqual({ customField: [1], enabled: false, tools: { a: { enabled: false } }, command: 'new', args: ['x'] });
  });

  it('patches one tool and cleans up empty settings', () => {
    const raw = { command: 'x', tools: { a: { approval: 'deny' } }, other: 1 };
    const off = patchToolSettings(raw, 'b', { enabled: false });
    expect(off).toEqual({ ok: true, value: { command: 'x', tools: { a: { approval: 'deny' }, b: { enabled: false } }, other: 1 } });
    const cleared = patchToolSettings({ command: 'x', tools: { a: { approval: 'deny' } } }, 'a', { approval: undefined });
    expect(cleared).toEqual({ ok: true, value: { command: 'x' } });
    expect(patchToolSettings('junk', 'a', { enabled: false }).ok).toBe(false);
  });

  it('renames in place and finds names ignoring case', () => {
    const entries = new Map<string, unknown>([['a', 1], ['b', 2], ['c', 3]]);
    expect([...replaceEntry(entries, 'b', 'B2', 9)]).toEqual([['a', 1], ['B2', 9], ['c', 3]]);
    expect(findName(entries, 'A')).toBe('a');
    expect(findName(entries, 'A', 'a')).toBeUndefined();
  });

  it('keeps tool settings, unknown keys and servers named like Object.prototype members through a save and a reload', () => {
    let raw: unknown = { command: 'node' };
    for (const name of PROTO_NAMES) {
      const next = patchToolSettings(raw, name, { approval: 'deny' });
      if (!next.ok) throw new Error(next.error.message);
      raw = next.value;
    }
    const merged = mergeEntry(JSON.parse('{ "command": "old", "__proto__": "mine", "tools": { "x": {} } }'), { command: 'new' });
    const doc = withEntries(emptyDocument(), new Map(PROTO_NAMES.map((name) => [name, name === 'constructor' ? merged : raw])));
    const reloaded = parseServersText(serializeDocument(doc), 'servers.json');
    if (reloaded.state !== 'ok') throw new Error('unreadable');
    expect([...reloaded.doc.entries.keys()]).toEqual(PROTO_NAMES);
    const tools = (reloaded.doc.entries.get('__proto__') as { tools: Record<string, unknown> }).tools;
    expect(Object.keys(tools)).toEqual(PROTO_NAMES);
    for (const name of PROTO_NAMES) expect(Object.getOwnPropertyDescriptor(tools, name)?.value).toEqual({ approval: 'deny' });
    const constructorEntry = reloaded.doc.entries.get('constructor') as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(constructorEntry, '__proto__')?.value).toBe('mine');
    expect(constructorEntry.command).toBe('new');
    expect(toManagedServers(reloaded.doc.entries).every((server) => 'config' in server)).toBe(true);
  });
});
