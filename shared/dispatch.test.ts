import { describe, expect, it } from 'vitest';
import { dispatchCall } from './dispatch.ts';
import { ok } from './errors.ts';
import type { HostApi } from './contract.ts';

const api = {
  'servers.remove': ({ id }: { id: string }) => Promise.resolve(ok(id)),
  'servers.restart': () => Promise.reject(new Error('boom')),
} as unknown as HostApi; // only the two calls under test are needed

describe('dispatchCall', () => {
  it('refuses an unknown call', async () => {
    const result = await dispatchCall(api, 'servers.explode', {});
    expect(result).toEqual({ ok: false, error: { code: 'unknown_method', message: 'Unknown call: servers.explode' } });
  });

  it('refuses invalid params naming the field', async () => {
    const result = await dispatchCall(api, 'servers.add', { name: 'x', config: { command: '' } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('invalid_params');
  });

  it('passes validated params and turns a throw into an internal error', async () => {
    expect(await dispatchCall(api, 'servers.remove', { id: 'memory' })).toEqual({ ok: true, value: 'memory' });
    const failed = await dispatchCall(api, 'servers.restart', { id: 'memory' });
    expect(failed.ok ? null : failed.error.code).toBe('internal');
  });
});
