import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/serverConfig.ts';
import { SECRET_MASK, maskConfig, secretValues, unmaskConfig } from './serversFileMask.ts';

const http: ServerConfig = {
  type: 'http',
  url: 'https://user:pw@mcp.example.com/mcp?api_key=sk-123&team=blue',
  headers: { Authorization: 'Bearer sk-live-abc', 'X-API-Key': 'k-1', 'X-Workspace': 'acme' },
  publicHeaders: ['x-workspace'],
  oauth: { clientId: 'switchboard', clientSecret: 'cs-42' },
};
const stdio: ServerConfig = {
  command: 'npx',
  args: ['-y', 'server-github', '--token', 'ghp_abc', '--api-key=xyz', '--verbose', 'yes'],
  env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_abc', DB_PASSWORD: 'hunter2', LOG_LEVEL: 'debug' },
  publicEnv: ['LOG_LEVEL'],
};

describe('secret masking', () => {
  it('hides secret headers, URL credentials and query keys, keeping the rest readable', () => {
    const masked = maskConfig(http);
    const text = JSON.stringify(masked);
    for (const secret of ['sk-live-abc', 'k-1', 'sk-123', 'pw@', 'cs-42']) expect(text).not.toContain(secret);
    expect(masked).toMatchObject({ headers: { Authorization: `Bearer ${SECRET_MASK}`, 'X-API-Key': SECRET_MASK, 'X-Workspace': 'acme' }, oauth: { clientId: 'switchboard' } });
    expect(masked.type === 'http' ? masked.url : '').toContain('team=blue');
  });

  it('hides secret env values and token arguments of stdio servers', () => {
    const masked = maskConfig(stdio);
    const text = JSON.stringify(masked);
    for (const secret of ['ghp_abc', 'xyz', 'hunter2']) expect(text).not.toContain(secret);
    expect(masked).toMatchObject({
      env: { LOG_LEVEL: 'debug' },
      args: ['-y', 'server-github', '--token', SECRET_MASK, `--api-key=${SECRET_MASK}`, '--verbose', 'yes'],
    });
  });

  it('hides secrets inside values whose names say nothing: mcp-remote header arguments, keyed URLs, database URLs', () => {
    const remote: ServerConfig = {
      command: 'npx',
      args: ['mcp-remote', 'https://mcp.example.com/sse?api_key=sk-q-1', '--header', 'Authorization: Bearer sk-h-2', '--header=X-Api-Key:k-3', '--transport', 'http-only'],
      env: { DATABASE_URL: 'postgres://app:pg-pass-4@db.local/app', SERVER_URL: 'https://x.example.com/?token=t-5', MODE: 'fast' },
      publicEnv: ['DATABASE_URL', 'SERVER_URL', 'MODE'],
    };
    const masked = maskConfig(remote);
    const text = JSON.stringify(masked);
    for (const secret of ['sk-q-1', 'sk-h-2', 'k-3', 'pg-pass-4', 't-5']) expect(text).not.toContain(secret);
    expect(masked).toMatchObject({
      args: ['mcp-remote', `https://mcp.example.com/sse?api_key=${SECRET_MASK}`, '--header', `Authorization: Bearer ${SECRET_MASK}`, `--header=X-Api-Key:${SECRET_MASK}`, '--transport', 'http-only'],
      env: { DATABASE_URL: `postgres://app:${SECRET_MASK}@db.local/app`, MODE: 'fast' },
    });
    expect(unmaskConfig(masked, remote)).toEqual({ ok: true, value: remote });
  });

  it('restores stored secrets when the masked config comes back unchanged', () => {
    expect(unmaskConfig(maskConfig(http), http)).toEqual({ ok: true, value: http });
    expect(unmaskConfig(maskConfig(stdio), stdio)).toEqual({ ok: true, value: stdio });
  });

  it('takes new values the user typed and keeps hidden ones next to them', () => {
    const edited = maskConfig(stdio);
    if (edited.type === 'http' || !('command' in edited)) throw new Error('stdio expected');
    const incoming: ServerConfig = { ...edited, env: { ...edited.env, DB_PASSWORD: 'new-pass', EXTRA: '1' } };
    const result = unmaskConfig(incoming, stdio);
    expect(result.ok && 'env' in result.value ? result.value.env : undefined).toEqual({
      GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_abc', DB_PASSWORD: 'new-pass', LOG_LEVEL: 'debug', EXTRA: '1',
    });
  });

  it('keeps hidden query keys when only the URL path was edited', () => {
    const masked = maskConfig(http);
    const url = masked.type === 'http' ? masked.url.replace('/mcp?', '/v2/mcp?') : '';
    const result = unmaskConfig({ ...masked, type: 'http', url }, http);
    expect(result.ok && result.value.type === 'http' ? result.value.url : '').toBe('https://user:pw@mcp.example.com/v2/mcp?api_key=sk-123&team=blue');
  });

  it('masks every env and header value whatever its name, unless the user marked it as not secret', () => {
    const env: ServerConfig = { command: 'x', env: { FOO: 'bar123456', MODE: 'fast' }, publicEnv: ['MODE'] };
    const headers: ServerConfig = { type: 'http', url: 'https://h.example.com/mcp', headers: { 'X-Custom': 'hdr-987654', Accept: 'text/plain' }, publicHeaders: ['ACCEPT'] };
    expect(maskConfig(env)).toMatchObject({ env: { FOO: SECRET_MASK, MODE: 'fast' } });
    expect(maskConfig(headers)).toMatchObject({ headers: { 'X-Custom': SECRET_MASK, Accept: 'text/plain' } });
    expect(JSON.stringify([maskConfig(env), maskConfig(headers)])).not.toMatch(/bar123456|hdr-987654/);
    expect(unmaskConfig(maskConfig(env), env)).toEqual({ ok: true, value: env });
    expect(unmaskConfig(maskConfig(headers), headers)).toEqual({ ok: true, value: headers });
  });

  it('keeps a hidden value when the user marks it as not secret without retyping it', () => {
    const stored: ServerConfig = { command: 'x', env: { FOO: 'bar123456' } };
    const masked = maskConfig(stored);
    if ('url' in masked) throw new Error('stdio expected');
    const incoming: ServerConfig = { ...masked, publicEnv: ['FOO'] };
    expect(unmaskConfig(incoming, stored)).toEqual({ ok: true, value: { command: 'x', env: { FOO: 'bar123456' }, publicEnv: ['FOO'] } });
  });

  it('lists the secret values to redact from logs: masked env and header values of 6+ characters, not public or short ones', () => {
    expect(secretValues({ command: 'x', env: { FOO: 'bar123456', SHORT: 'abc', MODE: 'verbose-mode' }, publicEnv: ['MODE'] })).toEqual(['bar123456']);
    expect(secretValues(http)).toEqual(expect.arrayContaining(['Bearer sk-live-abc', 'sk-live-abc', 'sk-123']));
    expect(secretValues(http)).not.toContain('acme');
  });

  it('refuses a mask with no stored value behind it, naming the field', () => {
    const result = unmaskConfig({ command: 'x', env: { API_KEY: SECRET_MASK } }, undefined);
    expect(result.ok ? undefined : result.error).toMatchObject({ code: 'invalid_config', field: 'env.API_KEY', text: { code: 'entry.hiddenValue', params: { field: 'env.API_KEY' } } });
  });
});
