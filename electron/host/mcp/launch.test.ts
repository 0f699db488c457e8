import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveCommand, serverEnvironment } from './launch.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sb-launch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serverEnvironment', () => {
  it('passes the small inherited set and the server own variables, never the rest of the host environment', () => {
    const env = serverEnvironment(
      { PATH: '/usr/bin', HOME: '/home/me', ANTHROPIC_API_KEY: 'sk-secret', AWS_SECRET_ACCESS_KEY: 'x', SHELL: '() { evil; }' },
      { GITHUB_TOKEN: 'mine', PATH: '/custom/bin' },
    );
    expect(env).toEqual({ HOME: '/home/me', PATH: '/custom/bin', GITHUB_TOKEN: 'mine' });
  });
});

describe('serverEnvironment behind a proxy', () => {
  it('passes the proxy and CA settings in both spellings, and still nothing else', () => {
    const env = serverEnvironment(
      {
        PATH: '/usr/bin',
        HTTPS_PROXY: 'http://proxy.corp:3128',
        http_proxy: 'http://proxy.corp:3128',
        no_proxy: 'localhost,127.0.0.1',
        NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem',
        SSL_CERT_FILE: '/etc/corp-ca.pem',
        REQUESTS_CA_BUNDLE: '/etc/corp-ca.pem',
        PIP_INDEX_URL: 'https://pypi.corp/simple',
        npm_config_registry: 'https://npm.corp/',
        OPENAI_API_KEY: 'sk-secret',
      },
      { HTTPS_PROXY: 'http://other:8080' },
    );
    expect(env).toEqual({
      PATH: '/usr/bin',
      HTTPS_PROXY: 'http://other:8080',
      http_proxy: 'http://proxy.corp:3128',
      no_proxy: 'localhost,127.0.0.1',
      NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem',
      SSL_CERT_FILE: '/etc/corp-ca.pem',
      REQUESTS_CA_BUNDLE: '/etc/corp-ca.pem',
      PIP_INDEX_URL: 'https://pypi.corp/simple',
      npm_config_registry: 'https://npm.corp/',
    });
  });
});

describe('resolveCommand', () => {
  it('finds an executable on the PATH of the server environment', () => {
    const tool = path.join(dir, 'my-server');
    writeFileSync(tool, '#!/bin/sh\n');
    chmodSync(tool, 0o755);
    expect(resolveCommand('my-server', { PATH: `/nowhere:${dir}` }, undefined)).toEqual({ ok: true, path: tool });
  });

  it('names the command and the PATH it searched when absent', () => {
    const result = resolveCommand('nope-server', { PATH: '/a:/b' }, undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'command_not_found', field: 'command' } });
    expect(!result.ok && result.error.message).toContain('"nope-server"');
    expect(!result.ok && result.error.detail).toContain('Searched PATH:\n  /a\n  /b');
  });

  it('reports a missing working folder and a relative path that does not exist', () => {
    expect(resolveCommand('node', { PATH: '/usr/bin' }, path.join(dir, 'missing'))).toMatchObject({ ok: false, error: { field: 'cwd' } });
    const relative = resolveCommand('./bin/server', { PATH: '' }, dir);
    expect(relative.ok).toBe(false);
    expect(!relative.ok && relative.error.message).toContain(`there is no executable file at ${path.join(dir, 'bin/server')}`);
  });
});
