import { describe, expect, it } from 'vitest';
import { englishOf } from './hostMessages.ts';
import { parseImportDocument, planImport, validateServerEntry, validateServerName } from './importConfig.ts';

/** The problem of an entry the host refuses (throws when it is accepted). */
function problem(raw: unknown) {
  const checked = validateServerEntry(raw);
  if (checked.ok) throw new Error('expected a problem');
  return checked;
}

describe('entry problems as host message codes', () => {
  it('names the field and the rule as a code with parameters, its English kept in message', () => {
    const cases: [unknown, string, Record<string, string | number>][] = [
      ['npx foo', 'entry.notObject', {}],
      [{ type: 'websocket', url: 'ws://x' }, 'entry.unknownType', { type: '"websocket"' }],
      [{ args: ['x'] }, 'entry.commandMissing', {}],
      [{ command: 'x', connectTimeoutMs: 5 }, 'entry.tooSmall', { field: 'connectTimeoutMs', minimum: 1000 }],
      [{ command: 'x', connectTimeoutMs: 1500.5 }, 'entry.notInteger', { field: 'connectTimeoutMs' }],
      [{ command: 'node', args: 'not-an-array' }, 'entry.wrongType', { field: 'args', expected: 'array' }],
      [{ command: '  ' }, 'entry.commandRequired', { field: 'command' }],
      [{ command: 'x', env: { 'BAD-NAME': 'x' } }, 'entry.envName', { field: 'env.BAD-NAME' }],
      [{ type: 'http', url: 'ftp://x' }, 'entry.urlScheme', { field: 'url' }],
      [{ type: 'http' }, 'entry.required', { field: 'url' }],
      [{ command: 'x', logLevel: 'loud' }, 'entry.oneOf', { field: 'logLevel' }],
    ];
    for (const [raw, code, params] of cases) {
      const checked = problem(raw);
      expect(checked.text.code, JSON.stringify(raw)).toBe(code);
      expect(checked.text.params ?? {}).toMatchObject(params);
      expect(checked.message).toBe(englishOf(checked.text));
    }
    expect(problem({ command: 'x', connectTimeoutMs: 5 }).message).toBe('connectTimeoutMs: must be at least 1000');
  });

  it('words a bad server name as a code too', () => {
    const named = validateServerName('   ');
    expect(named).toMatchObject({ ok: false, field: 'name', message: 'name: Name is required', text: { code: 'entry.nameRequired', params: { field: 'name' } } });
  });

  it('gives every import failure a code the dialog translates', () => {
    const parsed = parseImportDocument(JSON.stringify({ mcpServers: { good: { command: 'node' }, bad: { command: 'x', connectTimeoutMs: 5 }, taken: { command: 'node' } } }));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { outcome } = planImport(
      parsed.value,
      [
        { name: 'missing', action: 'add' },
        { name: 'good', action: 'rename' },
        { name: 'bad', action: 'add' },
        { name: 'taken', action: 'add' },
        { name: 'taken', action: 'skip' },
      ],
      ['Taken'],
    );
    expect(outcome.failed.map((f) => [f.name, f.error.text?.code])).toEqual([
      ['missing', 'importApply.notInDocument'],
      ['good', 'entry.nameRequired'],
      ['bad', 'entry.tooSmall'],
      ['taken', 'importApply.exists'],
      ['taken', 'importApply.twoDecisions'],
    ]);
    for (const failure of outcome.failed) expect(failure.error.message).toBe(englishOf(failure.error.text ?? { code: 'entry.invalid' }));
  });
});
