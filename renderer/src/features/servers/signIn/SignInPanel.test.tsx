// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppInfo } from '../../../../../shared/contract.ts';
import { err, ok } from '../../../../../shared/errors.ts';
import type { ServerConfig } from '../../../../../shared/serverConfig.ts';
import type { ServerStatus, ServerView } from '../../../../../shared/servers.ts';
import { setBridgeForTests } from '../../../bridge/index.ts';
import { initI18n } from '../../../i18n/index.ts';
import { selectServer } from '../../../store/serversSlice.ts';
import { useStore } from '../../../store/index.ts';
import { fakeBridge, type FakeHandlers } from '../../common/fakeBridge.ts';
import { TooltipProvider } from '../../common/Tooltip.tsx';
import { ServerCard } from '../ServerCard.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useStore.setState({ servers: [], notices: [], appInfo: undefined });
});

const authorizationUrl = 'https://auth.example.com/authorize?client_id=sb&state=xyz&code_challenge=abc';
const remote: ServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp' };
const signInRequired: ServerStatus = { state: 'auth_required', message: 'Sign in required' };
const ready: ServerStatus = {
  state: 'ready', since: 0, era: 'modern', protocolVersion: '2026-07-28', serverName: 'notes', serverVersion: '1.0.0', warnings: [],
  capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
  counts: { tools: 3, resources: 0, prompts: 0 },
};
const view = (status: ServerStatus, config: ServerConfig = remote): ServerView => ({ id: 'notes', config, status, transport: 'url' in config ? 'http' : 'stdio' });

/** The card as the servers view shows it: fed from the store's mirror, so a pushed servers.changed re-renders it. */
function Card({ onEdit }: { onEdit: (server: ServerView) => void }) {
  const server = useStore(selectServer('notes'));
  return server ? <ServerCard server={server} onEdit={onEdit} /> : null;
}

function setup(first: ServerView, handlers: FakeHandlers = {}, mode: AppInfo['mode'] = 'web') {
  const fake = fakeBridge({ 'servers.list': () => ok([first]), 'tools.list': () => ok([]), ...handlers });
  setBridgeForTests(fake.bridge);
  useStore.getState().bindServers(fake.bridge);
  useStore.setState({ appInfo: { version: 't', mode, dataDir: '/d', platform: 'linux', notices: [] } });
  const onEdit = vi.fn();
  render(
    <TooltipProvider>
      <Card onEdit={onEdit} />
    </TooltipProvider>,
  );
  return { ...fake, onEdit, user: userEvent.setup() };
}

const called = (calls: { name: string; params: unknown }[], name: string) => calls.filter((c) => c.name === name).map((c) => c.params);

describe('sign-in on a server card', () => {
  it('shows "Sign in required" with the host line, then the domain and full URL before anything opens', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, calls } = setup(view({ state: 'auth_required', message: 'Sign in required (access asked for: notes:write)' }), {
      'servers.signIn': () => ok({ authorizationUrl }),
    });
    expect((await screen.findByTestId('status-badge')).textContent).toBe('Sign in required');
    expect(screen.getByText('Sign in required (access asked for: notes:write)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(called(calls, 'servers.signIn')).toEqual([{ id: 'notes' }]);
    expect((await screen.findByTestId('elicit-url-host')).textContent).toBe('auth.example.com');
    const full = screen.getByTestId('elicit-url-full');
    expect(full.textContent).toBe(authorizationUrl);
    expect(full.querySelector('mark')?.textContent).toBe('auth.example.com');
    expect(opened).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Open in browser' }));
    // Web mode: a new tab of the user's own browser, with no handle back on the app.
    expect(opened).toHaveBeenCalledWith(authorizationUrl, '_blank', 'noopener,noreferrer');
    expect(called(calls, 'app.openExternal')).toEqual([]);
    expect(await screen.findByText(/Waiting for you to finish in the browser/)).toBeTruthy();
  });

  it('opens the URL through the host on the desktop (the system browser)', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, calls } = setup(view(signInRequired), { 'servers.signIn': () => ok({ authorizationUrl }), 'app.openExternal': () => ok(null) }, 'desktop');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Open in browser' }));
    expect(called(calls, 'app.openExternal')).toEqual([{ url: authorizationUrl }]);
    expect(opened).not.toHaveBeenCalled();
  });

  it('turns ready by itself when the host pushes the new status', async () => {
    const { user, emit } = setup(view(signInRequired), { 'servers.signIn': () => ok({ authorizationUrl }) });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('sign-in-url');
    act(() => emit('servers.changed', { changed: [view(ready)], order: [view(ready).id] }));
    // Pushed statuses are applied once per animation frame.
    await waitFor(() => expect(screen.getByTestId('status-badge').getAttribute('data-state')).toBe('ready'));
    expect(screen.queryByTestId('sign-in-panel')).toBeNull();
    expect(screen.getByText('3 tools')).toBeTruthy();
  });

  it('shows the host error next to the button and lets the user go to the settings it names', async () => {
    const { user, onEdit } = setup(view(signInRequired), {
      'servers.signIn': () => err('invalid_config', 'The authorization server does not let apps register themselves. Enter a client ID.', { field: 'config.oauth.clientId' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not sign in:');
    expect(alert.textContent).toContain('does not let apps register themselves');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('says it reconnects when the host already holds a usable token', async () => {
    const { user } = setup(view(signInRequired), { 'servers.signIn': () => ok(null) });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Already signed in. Reconnecting/)).toBeTruthy();
    expect(screen.queryByTestId('sign-in-url')).toBeNull();
  });

  it('offers no sign-in for a server that sends its own Authorization header, but points at its headers', async () => {
    const { user, calls, onEdit } = setup(view(signInRequired, { ...remote, headers: { Authorization: '••••••••' } }));
    expect(await screen.findByText(/refused the Authorization header/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit headers' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Actions for notes' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Sign out' })).toBeNull();
    expect(called(calls, 'servers.signIn')).toEqual([]);
  });
});

describe('sign-out from a server card', () => {
  it('signs out only after confirming, and says so', async () => {
    const { user, calls } = setup(view(ready), { 'servers.signOut': () => ok(null) });
    await user.click(await screen.findByRole('button', { name: 'Actions for notes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Sign out of “notes”?');
    expect(dialog.textContent).toContain('revokes');
    expect(called(calls, 'servers.signOut')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(called(calls, 'servers.signOut')).toEqual([{ id: 'notes' }]));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(useStore.getState().notices.map((n) => n.titleKey)).toContain('servers:signOut.done');
  });

  it('keeps the dialog open and tells the error when signing out fails', async () => {
    const { user } = setup(view(ready), { 'servers.signOut': () => err('storage_error', 'Could not forget the tokens: disk full') });
    await user.click(await screen.findByRole('button', { name: 'Actions for notes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await screen.findByTestId('confirm-dialog');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(useStore.getState().notices.map((n) => n.detail)).toContain('Could not forget the tokens: disk full'));
    expect(screen.getByTestId('confirm-dialog')).toBeTruthy();
  });

  it('is not offered for a local server', async () => {
    const { user } = setup(view(ready, { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] }));
    await user.click(await screen.findByRole('button', { name: 'Actions for notes' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Sign out' })).toBeNull();
  });

  it('stops waiting and offers Sign in again when the host says the last sign-in did not complete', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, emit } = setup(view(signInRequired), { 'servers.signIn': () => ok({ authorizationUrl }) });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Open in browser' }));
    expect(await screen.findByText(/Waiting for you to finish in the browser/)).toBeTruthy();

    const failed = 'Sign in required. The last sign-in did not complete: the authorization server said access_denied';
    act(() => emit('servers.changed', { changed: [view({ state: 'auth_required', message: failed })], order: [view({ state: 'auth_required', message: failed }).id] }));
    expect(await screen.findByText(/access_denied/)).toBeTruthy();
    expect(screen.queryByText(/Waiting for you to finish in the browser/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
