import { describe, expect, it } from 'vitest';
import { englishOf, hostMessage } from '../../../shared/hostMessages.ts';
import type { ServerStatus } from '../../../shared/servers.ts';
import { redactStatus } from './serverLogs.ts';
import { authRequiredStatus } from './statusParts.ts';
import { patchEntry, patchToolSettings, toManagedServer } from './serversFileEntries.ts';

const hide = (text: string) => text.replaceAll('sk-live-123', '••••');

describe('statuses worded as codes', () => {
  it('redacts a secret a server echoed in the parameters of warnings, invalid entries and sign-in lines', () => {
    const ready = {
      state: 'ready', since: 0, era: 'legacy', protocolVersion: 'x', serverName: 's', serverVersion: '1',
      capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
      counts: { tools: 0, resources: 0, prompts: 0 },
      warnings: ['Ignored non-JSON output on stdout: "token sk-live-123"'],
      warningTexts: [hostMessage('ready.stdoutIgnored', { line: '"token sk-live-123"' })],
    } satisfies ServerStatus;
    expect(JSON.stringify(redactStatus(ready, hide))).not.toContain('sk-live-123');
    const invalid: ServerStatus = { state: 'invalid', message: 'type: unknown transport "sk-live-123"', text: hostMessage('entry.unknownType', { type: '"sk-live-123"' }), field: 'type' };
    expect(JSON.stringify(redactStatus(invalid, hide))).not.toContain('sk-live-123');
    const auth: ServerStatus = { state: 'auth_required', message: 'x', text: hostMessage('auth.requiredScope', { scope: 'sk-live-123' }), failureText: hostMessage('auth.failed', { reason: 'sk-live-123' }) };
    expect(JSON.stringify(redactStatus(auth, hide))).not.toContain('sk-live-123');
  });

  it('sends the 401 sentence of a server with its own Authorization header as a code, and any other reason as it is', () => {
    const signIn = englishOf(hostMessage('auth.signIn'));
    expect(authRequiredStatus(signIn)).toEqual({ state: 'auth_required', message: signIn, text: { code: 'auth.signIn' } });
    expect(authRequiredStatus('Something else')).toEqual({ state: 'auth_required', message: 'Something else' });
  });

  it('words the servers file problems the window shows as codes: an invalid entry, and changes to an entry that is not an object', () => {
    expect(toManagedServer(' padded', { command: 'node' })).toMatchObject({ invalid: { field: 'name', text: { code: 'entry.nameSpaces' } } });
    expect(toManagedServer('slow', { command: 'node', connectTimeoutMs: 5 })).toMatchObject({ invalid: { field: 'connectTimeoutMs', text: { code: 'entry.tooSmall' } } });
    expect(patchEntry('npx foo', 'enabled', false)).toMatchObject({ ok: false, error: { code: 'invalid_config', text: { code: 'entry.notObjectSettings' } } });
    expect(patchToolSettings(['x'], 'tool', { enabled: false })).toMatchObject({ ok: false, error: { text: { code: 'entry.notObjectTools' } } });
  });
});
