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
      platform_overrides: { win32: { command: 'node.exe' } },
    },
  },
  user_config: {
    folders: { type: 'directory', title: 'Folders', description: 'd', multiple: true },
    key: { type: 'string', title: 'Key', description: 'k', sensitive: true },
    verbose: { type: 'boolean', title: 'Verbose', description: 'v', default: false },
  },
});

describe('a bundle launch config', () => {
  it('substitutes __dirname and user_config, expands a multiple option alone in an argument, and leaves unknown variables', () => {
    const config = launchConfig(manifest, '/data/bundles/fs', { folders: ['/a', '/b'], key: 'x$&y$1' }, 'linux');
    expect(config).toEqual({
      command: 'node',
      args: ['/data/bundles/fs/server/index.js', '/a', '/b', '--key=x$&y$1'],
      env: { TOKEN: 'x$&y$1', FLAG: 'false', UNKNOWN: '${user_config.nope}' },
      // TOKEN is made from a sensitive option: saved to the secret store, not servers.json (decision 010).
      secretEnv: ['TOKEN'],
      cwd: '/data/bundles/fs',
    });
  });

  it('takes the platform override', () => {
    expect(launchConfig(manifest, 'C:\\b\\fs', { key: 'k' }, 'win32').command).toBe('node.exe');
  });
});
