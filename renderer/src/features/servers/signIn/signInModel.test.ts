import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../../../shared/serverConfig.ts';
import type { ServerStatus, ServerView } from '../../../../../shared/servers.ts';
import { canSignOut, extraStatusLine, sendsOwnAuthorization } from './signInModel.ts';

const view = (config: ServerConfig, status: ServerStatus): ServerView => ({ id: 's', config, status, transport: 'url' in config ? 'http' : 'stdio' });
const remote: ServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp' };
const signIn: ServerStatus = { state: 'auth_required', message: 'Sign in required' };

describe('sign-in model', () => {
  it('offers Sign out only for remote OAuth servers that are connected or asking to sign in', () => {
    expect(canSignOut(view(remote, signIn))).toBe(true);
    expect(canSignOut(view(remote, { state: 'connecting', since: 0 }))).toBe(false);
    expect(canSignOut(view(remote, { state: 'error', message: 'x', code: 'connect_failed', stderrTail: [], at: 0 }))).toBe(false);
    expect(canSignOut(view({ ...remote, enabled: false }, { state: 'disabled' }))).toBe(false);
    expect(canSignOut(view({ command: 'npx' }, signIn))).toBe(false);
    expect(canSignOut(view({ ...remote, headers: { authorization: '••••••••' } }, signIn))).toBe(false);
  });

  it('tells a server that brings its own Authorization header, whatever its case', () => {
    expect(sendsOwnAuthorization({ ...remote, headers: { 'X-Api-Key': 'k' } })).toBe(false);
    expect(sendsOwnAuthorization({ ...remote, headers: { AUTHORIZATION: 'Bearer t' } })).toBe(true);
    expect(sendsOwnAuthorization({ command: 'npx', env: { Authorization: 'x' } })).toBe(false);
  });

  it('keeps the host line only when it adds something', () => {
    expect(extraStatusLine('Sign in required')).toBeUndefined();
    expect(extraStatusLine('Sign in required.')).toBeUndefined();
    expect(extraStatusLine('Sign in required (access asked for: mcp:admin)')).toBe('Sign in required (access asked for: mcp:admin)');
    expect(extraStatusLine('The server requires you to sign in (HTTP 401).')).toBe('The server requires you to sign in (HTTP 401).');
  });
});
