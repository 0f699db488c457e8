// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bundledCatalog } from '../../../../../shared/catalog/bundled.ts';
import type { ServerConfig } from '../../../../../shared/serverConfig.ts';
import type { ServerView } from '../../../../../shared/servers.ts';
import { initI18n } from '../../../i18n/index.ts';
import { useStore } from '../../../store/index.ts';
import { formFromConfig } from '../form/serverForm.ts';
import { CatalogDetailDialog } from './CatalogDetailDialog.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ servers: [] });
});

const entry = (name: string) => {
  const found = bundledCatalog.find((e) => e.name === name);
  if (!found) throw new Error(name);
  return found;
};

function setup(name: string) {
  const onInstall = vi.fn<(name: string, config: ServerConfig) => void>();
  render(<CatalogDetailDialog entry={entry(name)} onClose={vi.fn()} onInstall={onInstall} />);
  return { onInstall, user: userEvent.setup() };
}

describe('catalog detail', () => {
  it('asks only for the required inputs, the secret one as a password, and installs nothing until they are filled', async () => {
    const { onInstall, user } = setup('io.github.modelcontextprotocol/slack');
    const inputs = screen.getByTestId('catalog-required').querySelectorAll('input');
    expect([...inputs].map((i) => [i.dataset.inputKey, i.type])).toEqual([
      ['env.SLACK_BOT_TOKEN', 'password'],
      ['env.SLACK_TEAM_ID', 'text'],
    ]);
    expect(screen.queryByText(/SLACK_CHANNEL_IDS/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(screen.getAllByText('Required to run this server.')).toHaveLength(2);
    expect(onInstall).not.toHaveBeenCalled();

    await user.type(inputs[0]!, 'xoxb-secret');
    await user.type(inputs[1]!, 'T123');
    // The preview never shows a secret, even once typed.
    expect(screen.getByTestId('catalog-command').textContent).not.toContain('xoxb-secret');
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(onInstall).toHaveBeenCalledWith('slack', {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-slack@2025.4.25'],
      env: { SLACK_BOT_TOKEN: 'xoxb-secret', SLACK_TEAM_ID: 'T123' },
      publicEnv: ['SLACK_TEAM_ID'],
      // The secret goes to the secret store on save; servers.json keeps only its name (decision 010).
      secretEnv: ['SLACK_BOT_TOKEN'],
    });
  });

  it('fills the add form: the secret stays masked, the public variable is marked public', () => {
    const config: ServerConfig = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-slack@2025.4.25'], env: { SLACK_BOT_TOKEN: 'xoxb-secret', SLACK_TEAM_ID: 'T123' }, publicEnv: ['SLACK_TEAM_ID'] };
    const form = formFromConfig('slack', config);
    expect(form).toMatchObject({ name: 'slack', transport: 'stdio', command: 'npx', args: config.args });
    expect(form.env).toEqual([
      { key: 'SLACK_BOT_TOKEN', value: 'xoxb-secret' },
      { key: 'SLACK_TEAM_ID', value: 'T123', public: true },
    ]);
  });

  it('offers each way to run it, and a remote asks for its header secret', async () => {
    const { onInstall, user } = setup('io.github.github/github-mcp-server');
    await user.click(screen.getByRole('radio', { name: 'Remote' }));
    expect(screen.getByTestId('catalog-command').textContent).toBe('https://api.githubcopilot.com/mcp/');
    const token = screen.getByTestId('catalog-required').querySelector('input');
    expect(token?.type).toBe('password');
    await user.type(token!, 'ghp_1');
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(onInstall).toHaveBeenCalledWith('github-mcp-server', { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ghp_1' }, secretHeaders: ['Authorization'] });
  });

  it('picks a free name when the suggested one is taken', async () => {
    useStore.setState({ servers: [{ id: 'memory' } as ServerView] });
    const { onInstall, user } = setup('io.github.modelcontextprotocol/memory');
    expect(screen.getByText('Nothing to fill in: Install opens the add form ready to save.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(onInstall).toHaveBeenCalledWith('memory-2', { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'] });
  });
});
