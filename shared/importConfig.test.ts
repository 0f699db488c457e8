import { describe, expect, it } from 'vitest';
import { parseImportDocument, planImport, previewImport, validateServerEntry, type ParsedImport } from './importConfig.ts';
import { parseJsonc } from './importConfigJson.ts';

const parse = (text: string): ParsedImport => {
  const result = parseImportDocument(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('parseJsonc', () => {
  it('accepts comments and trailing commas the way VS Code writes them', () => {
    const text = `{
      // servers for this workspace
      "servers": {
        "a": { "command": "node", /* inline */ "args": ["x//y", "/*not a comment*/"], },
      },
    }`;
    const result = parseJsonc(text);
    expect(result).toEqual({ ok: true, value: { servers: { a: { command: 'node', args: ['x//y', '/*not a comment*/'] } } } });
  });

  it('keeps escaped quotes inside strings intact', () => {
    expect(parseJsonc('{"a": "say \\"hi\\", // not a comment",}')).toEqual({ ok: true, value: { a: 'say "hi", // not a comment' } });
  });

  it('names the line and column of a syntax error in the original text', () => {
    const result = parseJsonc('{\n  // comment\n  "a": 1\n  "b": 2\n}');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.line).toBe(4);
      expect(result.problem.message).toMatch(/line 4, column 3/);
    }
  });

  it('does not echo the pasted text (which may hold secrets) in its message', () => {
    const result = parseJsonc('sk-secret-token');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.message).not.toContain('secret-token');
  });

  it('reports an empty document plainly', () => {
    expect(parseJsonc('  \n')).toEqual({ ok: false, problem: { message: 'The document is empty' } });
  });
});

describe('validateServerEntry', () => {
  it('accepts stdio and http entries', () => {
    expect(validateServerEntry({ command: 'npx', args: ['-y', 'pkg'] }).ok).toBe(true);
    expect(validateServerEntry({ type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } }).ok).toBe(true);
  });

  it('names the field at fault', () => {
    expect(validateServerEntry({ command: 'node', args: 'not-an-array' })).toMatchObject({ ok: false, field: 'args' });
    expect(validateServerEntry({ command: 'node', env: { 'BAD-NAME': 'x' } })).toMatchObject({ ok: false, field: 'env.BAD-NAME' });
    expect(validateServerEntry({ type: 'http', url: 'ftp://x' })).toMatchObject({ ok: false, field: 'url' });
    expect(validateServerEntry({ args: ['x'] })).toMatchObject({ ok: false, field: 'command' });
    expect(validateServerEntry({ type: 'websocket', url: 'ws://x' })).toMatchObject({ ok: false, field: 'type' });
    expect(validateServerEntry({ command: 'x', connectTimeoutMs: 5 })).toMatchObject({ ok: false, field: 'connectTimeoutMs' });
  });

  it('rejects entries that are not objects', () => {
    expect(validateServerEntry('npx foo')).toMatchObject({ ok: false });
    expect(validateServerEntry(['npx'])).toMatchObject({ ok: false });
  });
});

describe('parseImportDocument', () => {
  it('reads a Claude Desktop config and ignores its other settings', () => {
    const parsed = parse(JSON.stringify({
      globalShortcut: 'Ctrl+Space',
      mcpServers: { filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] } },
    }));
    expect(parsed.format).toBe('claude_desktop');
    expect(parsed.entries).toEqual([
      { name: 'filesystem', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] }, warnings: [], warningTexts: [] },
    ]);
  });

  it('reads a Cursor config with url entries as HTTP servers', () => {
    const parsed = parse(JSON.stringify({
      mcpServers: {
        remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer abc' } },
        local: { command: 'node', args: ['server.js'], env: { PORT: 3000 } },
      },
    }));
    expect(parsed.format).toBe('cursor');
    expect(parsed.entries[0]?.config).toEqual({ type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer abc' } });
    expect(parsed.entries[1]?.config).toEqual({ command: 'node', args: ['server.js'], env: { PORT: '3000' } });
    expect(parsed.entries[1]?.warnings.join(' ')).toMatch(/env\.PORT was number 3000/);
  });

  it('reads VS Code mcp.json with types, comments, inputs and variables', () => {
    const parsed = parse(`{
      "inputs": [{ "type": "promptString", "id": "token", "password": true }],
      "servers": {
        "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": { "Authorization": "Bearer \${input:token}" } },
        "legacy": { "type": "sse", "url": "http://localhost:3001/sse" },
        "fetch": { "type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"], "envFile": "\${workspaceFolder}/.env" },
      },
    }`);
    expect(parsed.format).toBe('vscode');
    expect(parsed.notes[0]).toEqual({ code: 'import.vscodeInputs', params: { count: 1 } });
    expect(previewImport(parsed, []).notes?.[0]).toMatch(/1 VS Code input\(s\) were ignored/);
    const [github, legacy, fetch] = parsed.entries;
    expect(github?.config).toMatchObject({ type: 'http', url: 'https://api.githubcopilot.com/mcp/' });
    expect(github?.warnings.join(' ')).toContain('${input:token}');
    expect(legacy?.config).toMatchObject({ type: 'sse' });
    expect(legacy?.warnings.join(' ')).toMatch(/legacy SSE/);
    expect(fetch?.config).toEqual({ type: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] });
    expect(fetch?.warnings.join(' ')).toMatch(/envFile is not read/);
  });

  it('names the app a mcpServers config comes from by the marks it leaves', () => {
    const formatOf = (doc: unknown) => parse(JSON.stringify(doc)).format;
    expect(formatOf({ mcpServers: { fs: { command: 'npx' } } })).toBe('claude_desktop');
    expect(formatOf({ mcpServers: { fs: { type: 'stdio', command: 'npx' }, api: { type: 'http', url: 'https://x.test/mcp' } } })).toBe('claude_code');
    expect(formatOf({ projects: {}, mcpServers: { fs: { command: 'npx' } } })).toBe('claude_code');
    expect(formatOf({ mcpServers: { fs: { command: 'npx' }, api: { url: 'https://x.test/mcp' } } })).toBe('cursor');
    expect(formatOf({ mcpServers: { api: { serverUrl: 'https://x.test/mcp' } } })).toBe('windsurf');
    expect(formatOf({ theme: 'Default', mcpServers: { api: { httpUrl: 'https://x.test/mcp' } } })).toBe('gemini_cli');
    // Windsurf's and Gemini CLI's address keys become the entry's URL, without an "ignored field" warning.
    const windsurf = parse(JSON.stringify({ mcpServers: { api: { serverUrl: 'https://x.test/mcp' } } })).entries[0];
    expect(windsurf?.config).toEqual({ type: 'http', url: 'https://x.test/mcp' });
    expect(windsurf?.warnings).toEqual([]);
  });

  it('gives each warning and document error as a code with parameters, its English kept for the log', () => {
    const parsed = parse(JSON.stringify({ mcpServers: { local: { command: 'node', env: { PORT: 3000 }, envFile: '.env' } } }));
    expect(parsed.entries[0]?.warningTexts).toEqual([
      { code: 'import.ignoredFields', params: { fields: 'envFile' } },
      { code: 'import.envFile' },
      { code: 'import.stringified', params: { field: 'env.PORT', type: 'number', value: '3000' } },
    ]);
    const refused = parseImportDocument('{ "command": "npx" }');
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_config', text: { code: 'import.singleEntry' } } });
    expect(!refused.ok && refused.error.message).toMatch(/single server entry without a name/);
  });

  it('reads the "mcp.servers" block of a VS Code settings.json', () => {
    const parsed = parse('{ "editor.fontSize": 14, "mcp": { "servers": { "m": { "command": "node" } } } }');
    expect(parsed.format).toBe('vscode');
    expect(parsed.entries.map((e) => e.name)).toEqual(['m']);
  });

  it('accepts a bare name -> entry map when every value is an entry', () => {
    const parsed = parse('{ "a": { "command": "node" }, "b": { "url": "https://x.example/mcp" } }');
    expect(parsed.format).toBe('unknown');
    expect(parsed.entries.map((e) => e.name)).toEqual(['a', 'b']);
  });

  it('refuses a map that is only partly made of entries, and a nameless single entry', () => {
    expect(parseImportDocument('{ "a": { "command": "node" }, "theme": "dark" }').ok).toBe(false);
    const single = parseImportDocument('{ "command": "node", "args": ["x"] }');
    expect(single.ok).toBe(false);
    if (!single.ok) expect(single.error.message).toMatch(/without a name/);
  });

  it('keeps the good entries and explains the bad ones by field', () => {
    const parsed = parse(JSON.stringify({
      mcpServers: { good: { command: 'node' }, bad: { command: 'node', args: [1, { x: 1 }] }, worse: 42, '  ': { command: 'x' } },
    }));
    expect(parsed.entries[0]?.config).toBeDefined();
    expect(parsed.entries[1]?.error?.field).toBe('args.1');
    expect(parsed.entries[2]?.error?.message).toMatch(/must be an object/);
    expect(parsed.entries[3]?.error?.field).toBe('name');
  });

  it('turns "disabled": true into enabled: false and notes unknown fields', () => {
    const parsed = parse('{ "mcpServers": { "x": { "command": "node", "disabled": true, "autoApprove": ["a"] } } }');
    expect(parsed.entries[0]?.config).toEqual({ command: 'node', enabled: false });
    expect(parsed.entries[0]?.warnings[0]).toMatch(/Ignored fields.*autoApprove/);
  });

  it('reports broken JSON and a wrong "mcpServers" type', () => {
    expect(parseImportDocument('{ "mcpServers": ').ok).toBe(false);
    const wrong = parseImportDocument('{ "mcpServers": [] }');
    expect(wrong.ok ? undefined : wrong.error.field).toBe('mcpServers');
  });
});

describe('previewImport', () => {
  it('flags clashes with existing servers ignoring case', () => {
    const preview = previewImport(parse('{ "mcpServers": { "GitHub": { "command": "a" }, "new": { "command": "b" } } }'), ['github']);
    expect(preview.entries.map((e) => [e.name, e.clash])).toEqual([['GitHub', true], ['new', false]]);
  });
});

describe('planImport', () => {
  const doc = parse(JSON.stringify({
    mcpServers: { memory: { command: 'node', args: ['m.js'] }, fresh: { command: 'node' }, broken: { command: '' } },
  }));

  it('adds new entries and refuses an add that would overwrite', () => {
    const plan = planImport(doc, [{ name: 'memory', action: 'add' }, { name: 'fresh', action: 'add' }], ['memory']);
    expect(plan.changes.map((c) => c.name)).toEqual(['fresh']);
    expect(plan.outcome.added).toEqual(['fresh']);
    expect(plan.outcome.failed).toEqual([{ name: 'memory', error: expect.objectContaining({ code: 'already_exists' }) as unknown }]);
    expect(plan.outcome.skipped).toEqual(['broken']);
  });

  it('renames or replaces on request', () => {
    const renamed = planImport(doc, [{ name: 'memory', action: 'rename', newName: 'memory 2' }], ['memory']);
    expect(renamed.changes).toEqual([{ name: 'memory 2', config: { command: 'node', args: ['m.js'] } }]);
    const replaced = planImport(doc, [{ name: 'memory', action: 'replace' }], ['Memory']);
    expect(replaced.changes).toEqual([{ name: 'Memory', config: { command: 'node', args: ['m.js'] }, replaces: 'Memory' }]);
    expect(replaced.outcome.replaced).toEqual(['Memory']);
  });

  it('refuses a rename onto another existing name or without a new name', () => {
    const plan = planImport(doc, [{ name: 'memory', action: 'rename', newName: 'FRESH' }, { name: 'fresh', action: 'rename' }], ['fresh']);
    expect(plan.changes).toEqual([]);
    expect(plan.outcome.failed.map((f) => [f.name, f.error.code, f.error.field])).toEqual([
      ['memory', 'already_exists', 'newName'],
      ['fresh', 'invalid_params', 'newName'],
    ]);
  });

  it('fails invalid entries with their field, and decisions for names not in the document', () => {
    const plan = planImport(doc, [{ name: 'broken', action: 'add' }, { name: 'ghost', action: 'add' }], []);
    expect(plan.outcome.failed.map((f) => [f.name, f.error.code, f.error.field])).toEqual([
      ['broken', 'invalid_config', 'command'],
      ['ghost', 'not_found', undefined],
    ]);
  });

  it('does not let two entries of one import take the same name', () => {
    const twins = parse('{ "mcpServers": { "a": { "command": "x" }, "b": { "command": "y" } } }');
    const plan = planImport(twins, [{ name: 'a', action: 'add' }, { name: 'b', action: 'rename', newName: 'A' }], []);
    expect(plan.outcome.added).toEqual(['a']);
    expect(plan.outcome.failed[0]?.error.code).toBe('already_exists');
    const replaceNew = planImport(twins, [{ name: 'a', action: 'add' }, { name: 'b', action: 'rename', newName: 'c' }, { name: 'a', action: 'replace' }], []);
    expect(replaceNew.outcome.failed[0]?.error.message).toMatch(/more than one decision/);
  });
});
