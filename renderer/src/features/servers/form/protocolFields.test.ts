import { describe, expect, it } from 'vitest';
import { configFromForm, emptyForm, formFromConfig } from './serverForm.ts';

describe('protocol and log level in the server form', () => {
  it('default to auto and info, which are left out of the saved config', () => {
    expect(emptyForm()).toMatchObject({ protocol: 'auto', logLevel: 'info' });
    const config = configFromForm({ ...emptyForm(), name: 'a', command: 'node' });
    expect(config).not.toHaveProperty('protocol');
    expect(config).not.toHaveProperty('logLevel');
  });

  it('round-trip a pin and a level on either transport', () => {
    const stdio = formFromConfig('a', { command: 'uvx', args: ['my-server'], protocol: '2025-11-25', logLevel: 'debug' });
    expect(stdio).toMatchObject({ protocol: '2025-11-25', logLevel: 'debug' });
    expect(configFromForm(stdio)).toMatchObject({ protocol: '2025-11-25', logLevel: 'debug' });
    const http = formFromConfig('b', { type: 'http', url: 'https://example.com/mcp', protocol: '2026-07-28', logLevel: 'error' });
    expect(configFromForm(http)).toMatchObject({ url: 'https://example.com/mcp', protocol: '2026-07-28', logLevel: 'error' });
  });
});
