import { describe, expect, it } from 'vitest';
import { serverConfigSchema } from '../serverConfig.ts';
import { bundledCatalog } from './bundled.ts';
import { describeRun, installOptions, planInstall, previewValues, suggestedName } from './install.ts';
import type { ServerJson } from './serverJson.ts';

const entry = (name: string): ServerJson => {
  const found = bundledCatalog.find((e) => e.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

describe('planInstall: npm', () => {
  it('memory runs as npx -y package@version and asks for nothing', () => {
    const memory = entry('io.github.modelcontextprotocol/memory');
    const [option] = installOptions(memory);
    expect(option).toEqual({ kind: 'package', index: 0, registryType: 'npm' });
    const plan = planInstall(memory, option!);
    expect(plan.config).toEqual({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'] });
    expect(plan.inputs).toEqual([]);
    expect(plan.missing).toEqual([]);
    expect(suggestedName(memory)).toBe('memory');
  });

  it('filesystem asks for the folder (a required positional argument) and puts it after the package', () => {
    const fs = entry('io.github.modelcontextprotocol/filesystem');
    const option = installOptions(fs)[0]!;
    const empty = planInstall(fs, option);
    expect(empty.inputs).toMatchObject([{ key: 'package.0', label: 'allowed_directory', target: 'arg', isSecret: false, format: 'filepath' }]);
    expect(empty.missing).toEqual(['package.0']);
    const filled = planInstall(fs, option, { 'package.0': '/home/me/notes' });
    expect(filled.missing).toEqual([]);
    expect(filled.config).toEqual({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem@2026.8.31', '/home/me/notes'] });
    expect(describeRun(filled.config)).toBe('npx -y @modelcontextprotocol/server-filesystem@2026.8.31 /home/me/notes');
  });

  it('slack asks for its two required variables (the token secret, the team id public) and leaves the optional one out', () => {
    const slack = entry('io.github.modelcontextprotocol/slack');
    const plan = planInstall(slack, installOptions(slack)[0]!, { 'env.SLACK_BOT_TOKEN': 'xoxb-1', 'env.SLACK_TEAM_ID': 'T1' });
    expect(plan.inputs.map((i) => [i.key, i.isSecret])).toEqual([
      ['env.SLACK_BOT_TOKEN', true],
      ['env.SLACK_TEAM_ID', false],
    ]);
    expect(plan.config).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-slack@2025.4.25'],
      env: { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_TEAM_ID: 'T1' },
      publicEnv: ['SLACK_TEAM_ID'],
      // The token goes to the secret store when the entry is saved (decision 010).
      secretEnv: ['SLACK_BOT_TOKEN'],
    });
  });

  it('a required variable left empty is kept as an empty row and reported missing', () => {
    const brave = entry('io.github.brave/brave-search-mcp-server');
    const plan = planInstall(brave, installOptions(brave)[0]!);
    expect(plan.missing).toEqual(['env.BRAVE_API_KEY']);
    expect(plan.config).toMatchObject({ env: { BRAVE_API_KEY: '' } });
    expect(plan.config).not.toHaveProperty('publicEnv');
  });
});

describe('planInstall: pypi and oci', () => {
  it('sqlite runs as uvx package --db-path <file>', () => {
    const sqlite = entry('io.github.modelcontextprotocol/sqlite');
    const option = installOptions(sqlite)[0]!;
    expect(option).toMatchObject({ registryType: 'pypi' });
    expect(planInstall(sqlite, option, { 'package.0': '/tmp/test.db' }).config).toEqual({ command: 'uvx', args: ['mcp-server-sqlite', '--db-path', '/tmp/test.db'] });
  });

  it('a pinned pypi package is package==version, runtime arguments come first', () => {
    const server: ServerJson = {
      name: 'io.example/x',
      description: 'x',
      version: '1',
      packages: [{ registryType: 'pypi', identifier: 'x-mcp', version: '1.2.3', transport: { type: 'stdio' }, runtimeArguments: [{ type: 'named', name: '--python', value: '3.12' }], packageArguments: [{ type: 'positional', value: 'serve' }] }],
    };
    expect(planInstall(server, installOptions(server)[0]!).config).toEqual({ command: 'uvx', args: ['--python', '3.12', 'x-mcp==1.2.3', 'serve'] });
  });

  it('github as a container: docker run -i --rm -e NAME image, the token in env (not in the arguments)', () => {
    const github = entry('io.github.github/github-mcp-server');
    const option = installOptions(github).find((o) => o.kind === 'package')!;
    const plan = planInstall(github, option, { 'env.GITHUB_PERSONAL_ACCESS_TOKEN': 'ghp_secret' });
    expect(plan.config).toEqual({
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_secret' },
      secretEnv: ['GITHUB_PERSONAL_ACCESS_TOKEN'],
    });
    expect(JSON.stringify((plan.config as { args: string[] }).args)).not.toContain('ghp_secret');
  });

  it('an oci image with a version gets it as a tag; packages of registries we cannot run are no option', () => {
    const server: ServerJson = {
      name: 'io.example/y',
      description: 'y',
      version: '1',
      packages: [
        { registryType: 'nuget', identifier: 'Y.Server', version: '1.0.0', transport: { type: 'stdio' } },
        { registryType: 'npm', identifier: 'y-http', version: '1.0.0', transport: { type: 'streamable-http', url: 'http://localhost:3000/mcp' } },
        { registryType: 'oci', identifier: 'docker.io/example/y', version: '2.0', transport: { type: 'stdio' } },
      ],
    };
    const options = installOptions(server);
    expect(options).toEqual([{ kind: 'package', index: 2, registryType: 'oci' }]);
    expect(planInstall(server, options[0]!).config).toEqual({ command: 'docker', args: ['run', '-i', '--rm', 'docker.io/example/y:2.0'] });
  });
});

describe('planInstall: remotes', () => {
  it('github remote: http with an Authorization header built from a secret variable', () => {
    const github = entry('io.github.github/github-mcp-server');
    const option = installOptions(github).find((o) => o.kind === 'remote')!;
    const empty = planInstall(github, option);
    expect(empty.inputs).toMatchObject([{ key: 'header.Authorization.{github_token}', target: 'header', isSecret: true }]);
    expect(empty.missing).toEqual(['header.Authorization.{github_token}']);
    const plan = planInstall(github, option, { 'header.Authorization.{github_token}': 'ghp_1' });
    expect(plan.config).toEqual({ type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ghp_1' }, secretHeaders: ['Authorization'] });
    expect(serverConfigSchema.safeParse(plan.config).success).toBe(true);
  });

  it('a remote with only optional headers asks for nothing and sends none', () => {
    const context7 = entry('io.github.upstash/context7');
    const option = installOptions(context7).find((o) => o.kind === 'remote')!;
    const plan = planInstall(context7, option);
    expect(plan.inputs).toEqual([]);
    expect(plan.config).toEqual({ type: 'http', url: 'https://mcp.context7.com/mcp' });
  });

  it('sse remotes keep their type; URL variables are filled', () => {
    const server: ServerJson = {
      name: 'io.example/z',
      description: 'z',
      version: '1',
      remotes: [{ type: 'sse', url: 'https://{tenant}.example.com/sse', variables: { tenant: { isRequired: true, description: 'Your tenant' } } }],
    };
    const plan = planInstall(server, installOptions(server)[0]!, { 'url.{tenant}': 'acme' });
    expect(plan.config).toEqual({ type: 'sse', url: 'https://acme.example.com/sse' });
  });
});

describe('previewValues and describeRun', () => {
  it('shows secrets as <label> even when typed, and quotes words a shell would split', () => {
    const postgres = entry('io.github.modelcontextprotocol/postgres');
    const option = installOptions(postgres)[0]!;
    const inputs = planInstall(postgres, option).inputs;
    expect(inputs[0]).toMatchObject({ isSecret: true });
    const preview = planInstall(postgres, option, previewValues(inputs, { 'package.0': 'postgresql://u:pw@h/db' })).config;
    expect(describeRun(preview)).toBe('npx -y @modelcontextprotocol/server-postgres@0.6.2 <database_url>');
    expect(describeRun({ command: 'uvx', args: ['x', "it's here"] })).toBe("uvx x 'it'\\''s here'");
  });

  it('every bundled entry and option gives a config the servers file accepts once required inputs are filled', () => {
    for (const server of bundledCatalog) {
      for (const option of installOptions(server)) {
        const { inputs } = planInstall(server, option);
        const values = Object.fromEntries(inputs.map((i) => [i.key, i.format === 'filepath' ? '/tmp/x' : 'value']));
        const plan = planInstall(server, option, values);
        expect(plan.missing, server.name).toEqual([]);
        expect(serverConfigSchema.safeParse(plan.config).success, server.name).toBe(true);
      }
    }
  });
});
