// Servers behind a proxy: a real stdio server (server-everything's get-env) sees the host's proxy and CA settings, and
// still none of the host's other variables.
import { afterAll, describe, expect, it } from 'vitest';
import { createHarness, nodeServer, scripts } from '../fixtures/servers/harness.ts';

describe('a stdio server behind a proxy', () => {
  const h = createHarness({
    baseEnv: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HTTP_PROXY: 'http://proxy.corp.test:3128',
      HTTPS_PROXY: 'http://proxy.corp.test:3128',
      NO_PROXY: 'localhost,127.0.0.1',
      https_proxy: 'http://proxy.corp.test:3128',
      no_proxy: 'localhost,127.0.0.1',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/corp-ca.pem',
      SSL_CERT_FILE: '/etc/ssl/corp-ca.pem',
      SSL_CERT_DIR: '/etc/ssl/certs',
      REQUESTS_CA_BUNDLE: '/etc/ssl/corp-ca.pem',
      PIP_INDEX_URL: 'https://pypi.corp.test/simple',
      npm_config_registry: 'https://npm.corp.test/',
      ANTHROPIC_API_KEY: 'sk-ant-must-not-leak',
    },
  });
  afterAll(() => h.cleanup());

  it('gets the proxy and CA variables from the host environment, and no API key', async () => {
    h.set({ everything: nodeServer(scripts.everything, ['stdio']) });
    await h.waitForState('everything', 'ready', 30_000);
    const result = await h.manager.callTool('everything', 'get-env', {});
    expect(result.ok).toBe(true);
    const text = result.ok ? result.value.content.map((block) => (block.type === 'text' ? block.text : '')).join('') : '';
    const env = JSON.parse(text) as Record<string, string>;
    expect(env).toMatchObject({
      HTTP_PROXY: 'http://proxy.corp.test:3128',
      HTTPS_PROXY: 'http://proxy.corp.test:3128',
      NO_PROXY: 'localhost,127.0.0.1',
      https_proxy: 'http://proxy.corp.test:3128',
      no_proxy: 'localhost,127.0.0.1',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/corp-ca.pem',
      SSL_CERT_FILE: '/etc/ssl/corp-ca.pem',
      SSL_CERT_DIR: '/etc/ssl/certs',
      REQUESTS_CA_BUNDLE: '/etc/ssl/corp-ca.pem',
      PIP_INDEX_URL: 'https://pypi.corp.test/simple',
      npm_config_registry: 'https://npm.corp.test/',
    });
    expect(env).not.toHaveProperty('ANTHROPIC_API_KEY');
  });
});
