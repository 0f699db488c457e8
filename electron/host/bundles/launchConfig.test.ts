import { describe, expect, it } from 'vitest';
import { vAny } from '@anthropic-ai/mcpb/schemas';
import { launchConfig } from './launchConfig.ts';

const manifest = vAny.McpbManifestSchema.parse({
  manifest_version: '0.3',
  name: 'fs',
  version: '1.0.0',
  description: 'x',
  author: { name: 'a' },
  server: {
    type: 'node',
    entry_point: 'server/index.js',
    mcp_config: {
      command: 'node',
      args: ['${__dirname}/server/index.js', '${user_config.folders}', '--key=${user_config.key}'],
      env: { TOKEN: '${user_config.key}', FLAG: '${user_config.verbose}', UNKNOWN: '${user_config.nope}' },
      platform_overrides: { win32: { command: 'node.exe' }, darwin: { args: ['--tokens', '${user_config.tokens}', '--all=${user_config.tokens}', '${user_config.key}'] } },
    },
  },
  user_config: {
    folders: { type: 'directory', title: 'Folders', description: 'd', multiple: true },
    key: { type: 'string', title: 'Key', description: 'k', sensitive: true },
    verbose: { type: 'boolean', title: 'Verbose', description: 'v', default: false },
    tokens: { type: 'string', title: 'Tokens', description: 't', sensitive: true, multiple: true },
  },
});

describe('a bundle launch config', () => {
  it('substitutes __dirname and user_config, expands a multiple option alone in an argument, and leaves unknown variables', () => {
    const { config, argSecrets } = launchConfig(manifest, '/data/bundles/fs', { folders: ['/a', '/b'], key: 'x$&y$1' }, 'linux');
    expect(config).toEqual({
      command: 'node',
      // The sensitive key in an argument is a placeholder: its value goes to the secret store, resolved at spawn time.
      args: ['/data/bundles/fs/server/index.js', '/a', '/b', '--key=${secret:key}'],
      env: { TOKEN: 'x$&y$1', FLAG: 'false', UNKNOWN: '${user_config.nope}' },
      // TOKEN is made from a sensitive option: saved to the secret store, not servers.json (decision 010).
      secretEnv: ['TOKEN'],
      secretArgs: ['key'],
      cwd: '/data/bundles/fs',
    });
    expect([...argSecrets]).toEqual([['key', 'x$&y$1']]);
  });

  it('keeps every sensitive value out of the arguments: one placeholder per value of a multiple option alone, joined inside a longer one', () => {
    const { config, argSecrets } = launchConfig(manifest, '/b/fs', { key: 'sk-1', tokens: ['t-one', 't-two'] }, 'darwin');
    expect(config.args).toEqual(['--tokens', '${secret:tokens.0}', '${secret:tokens.1}', '--all=${secret:tokens}', '${secret:key}']);
    expect(JSON.stringify(config.args)).not.toMatch(/sk-1|t-one|t-two/);
    expect(Object.fromEntries(argSecrets)).toEqual({ 'tokens.0': 't-one', 'tokens.1': 't-two', tokens: 't-one,t-two', key: 'sk-1' });
    expect(config.secretArgs).toEqual(['tokens.0', 'tokens.1', 'tokens', 'key']);
  });

  it('names no secret argument when the sensitive option has no value, and takes the platform override', () => {
    const { config, argSecrets } = launchConfig(manifest, 'C:\\b\\fs', {}, 'win32');
    expect(config.command).toBe('node.exe');
    expect(config.args?.at(-1)).toBe('--key=${user_config.key}');
    expect('secretArgs' in config).toBe(false);
    expect(argSecrets.size).toBe(0);
  });
});
