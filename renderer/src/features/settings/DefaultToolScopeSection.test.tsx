// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ToolPlanSummary } from '../../../../shared/chat.ts';
import { defaultSettings, type Settings, type SettingsView } from '../../../../shared/settings.ts';
import type { ServerView } from '../../../../shared/servers.ts';
import { err, ok } from '../../../../shared/errors.ts';
import { setBridgeForTests } from '../../bridge/index.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { fakeBridge } from '../common/fakeBridge.ts';
import { DefaultToolScopeSection } from './DefaultToolScopeSection.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ settings: undefined, servers: [] });
});

const server = (id: string): ServerView => ({ id, config: { command: 'node', args: [`${id}.js`] }, status: { state: 'disabled' }, transport: 'stdio' });
// files and notes are running (the plan lists their tools); idle is not running (disabled), so only the store lists it.
const plan: ToolPlanSummary = {
  mode: 'all',
  loaded: { tools: 5, tokens: 400 },
  deferred: 0,
  scope: { excludedServers: [], excludedTools: [] },
  servers: [
    { serverId: 'files', inScope: true, tools: ['read', 'write', 'list'].map((toolName) => ({ toolName, tokens: 100, inScope: true })) },
    { serverId: 'notes', inScope: true, tools: ['add', 'find'].map((toolName) => ({ toolName, tokens: 50, inScope: true })) },
  ],
};

function mount(initial: Partial<Settings> = {}, options: { refuse?: boolean } = {}) {
  let settings: SettingsView = { ...defaultSettings, ...initial, hasApiKey: true, secretStorage: 'file' };
  const patches: Partial<Settings>[] = [];
  const fake = fakeBridge({
    'settings.get': () => ok(settings),
    'app.info': () => ok({ version: '0', mode: 'web', dataDir: '/tmp', platform: 'linux', notices: [] }),
    'chats.toolPlan': () => ok(plan),
    'settings.update': (patch) => {
      patches.push(patch);
      if (options.refuse) return err('storage_error', 'disk full');
      return ok((settings = { ...settings, ...patch }));
    },
  });
  setBridgeForTests(fake.bridge);
  useStore.getState().bindSettings(fake.bridge);
  useStore.setState({ servers: ['files', 'notes', 'idle'].map(server) });
  render(<DefaultToolScopeSection />);
  return { patches, saved: () => settings.defaultToolScope };
}

const box = (name: string) => screen.findByRole<HTMLInputElement>('checkbox', { name });

describe('Tools for new chats in Settings', () => {
  it('saves a server and a tool left out as exclusions, and checking them again removes them', async () => {
    const { saved } = mount();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Tools for new chats' })).toBeTruthy();
    // A server that is not running is listed too, so it can be left out before it ever runs.
    expect((await box('idle')).checked).toBe(true);
    expect(screen.getByText(/Not running/)).toBeTruthy();

    await user.click(await box('files'));
    await waitFor(() => expect(saved()).toEqual({ excludedServers: ['files'], excludedTools: [] }));
    expect((await box('files')).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Show the tools of notes' }));
    await user.click(await box('find'));
    await waitFor(() => expect(saved()).toEqual({ excludedServers: ['files'], excludedTools: [{ serverId: 'notes', toolName: 'find' }] }));
    expect((await box('find')).checked).toBe(false);
    expect((await box('add')).checked).toBe(true);

    await user.click(await box('files'));
    await user.click(await box('find'));
    await waitFor(() => expect(saved()).toEqual({ excludedServers: [], excludedTools: [] }));
    expect((await box('files')).checked).toBe(true);
    expect((await box('find')).checked).toBe(true);
  });

  it('shows the stored default checked and unchecked, and is usable from the keyboard', async () => {
    const { saved } = mount({ defaultToolScope: { excludedServers: ['notes'], excludedTools: [{ serverId: 'files', toolName: 'write' }] } });
    const user = userEvent.setup();
    expect((await box('notes')).checked).toBe(false);
    expect((await box('files')).checked).toBe(true);
    expect((await box('idle')).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Show the tools of files' }));
    expect((await box('write')).checked).toBe(false);
    expect((await box('read')).checked).toBe(true);

    // The space bar toggles a focused checkbox.
    (await box('write')).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(saved()).toEqual({ excludedServers: ['notes'], excludedTools: [] }));
  });

  it('keeps the stored default when a save is refused, and says why', async () => {
    const { patches, saved } = mount({}, { refuse: true });
    const user = userEvent.setup();
    await user.click(await box('files'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Not saved, the previous choice is kept: .*disk full/);
    expect(patches).toEqual([{ defaultToolScope: { excludedServers: ['files'], excludedTools: [] } }]);
    expect(saved()).toEqual({ excludedServers: [], excludedTools: [] });
    expect((await box('files')).checked).toBe(true);
  });
});
