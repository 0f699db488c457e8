// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { err, ok } from '../../../../../shared/errors.ts';
import type { HttpServerConfig } from '../../../../../shared/serverConfig.ts';
import { initI18n } from '../../../i18n/index.ts';
import { useStore } from '../../../store/index.ts';
import { fakeBridge, type FakeHandlers } from '../../common/fakeBridge.ts';
import { ServerFormDialog } from './ServerFormDialog.tsx';
import { emptyForm, formFromConfig } from './serverForm.ts';

beforeAll(() => {
  initI18n('en');
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  useStore.setState({ servers: [], notices: [] });
});

function setup(handlers: FakeHandlers, editing?: { id: string; config: HttpServerConfig }) {
  const fake = fakeBridge({ 'servers.list': () => ok([]), 'tools.list': () => ok([]), ...handlers });
  useStore.getState().bindServers(fake.bridge);
  const onClose = vi.fn();
  render(
    <ServerFormDialog
      onClose={onClose}
      initial={editing ? formFromConfig(editing.id, editing.config) : emptyForm()}
      {...(editing ? { editing } : {})}
      takenNames={[]}
    />,
  );
  return { ...fake, onClose, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });
const view = (name: string, config: HttpServerConfig) => ok({ id: name, config, status: { state: 'connecting' as const, since: 0 }, transport: 'http' as const });

describe('sign-in settings in the server form', () => {
  it('adds a remote server with a client registered by hand', async () => {
    const { user, calls, onClose } = setup({ 'servers.add': ({ name, config }) => view(name, config as HttpServerConfig) });
    await user.type(field('Name'), 'notes');
    await user.click(screen.getByRole('radio', { name: 'Remote URL' }));
    await user.type(field('URL'), 'https://mcp.example.com/mcp');
    await user.click(screen.getByText('Sign-in (OAuth)'));
    await user.type(field('Client ID'), 'abc123');
    await user.type(field('Scopes'), 'notes:read notes:write');
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.name === 'servers.add')?.params).toEqual({
      name: 'notes',
      config: { type: 'http', url: 'https://mcp.example.com/mcp', oauth: { clientId: 'abc123', scopes: ['notes:read', 'notes:write'] } },
    });
  });

  it('keeps the stored settings (hidden secret included) when only the URL is edited', async () => {
    const config: HttpServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp', oauth: { clientId: 'abc123', clientSecret: '••••••••', callbackPort: 53682 } };
    const { user, calls } = setup({ 'servers.update': ({ id, config: next }) => view(id, next as HttpServerConfig) }, { id: 'notes', config });
    expect(screen.getByTestId('oauth-fields').hasAttribute('open')).toBe(true);
    expect(field('Client secret')).toHaveProperty('type', 'password');
    await user.clear(field('URL'));
    await user.type(field('URL'), 'https://mcp.example.com/v2/mcp');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.name === 'servers.update')).toBe(true));
    expect(calls.find((c) => c.name === 'servers.update')?.params).toEqual({ id: 'notes', config: { ...config, url: 'https://mcp.example.com/v2/mcp' } });
  });

  it('shows a bad port next to its field, and the host’s verdict next to the client ID', async () => {
    const { user, calls } = setup({
      'servers.add': () => err('invalid_config', 'oauth.clientSecret: this value is hidden; type it again', { field: 'oauth.clientSecret' }),
    });
    await user.type(field('Name'), 'notes');
    await user.click(screen.getByRole('radio', { name: 'Remote URL' }));
    await user.type(field('URL'), 'https://mcp.example.com/mcp');
    await user.click(screen.getByText('Sign-in (OAuth)'));
    await user.type(field('Callback port'), '80');
    await user.tab();
    expect(await screen.findByText('Enter a port from 1024 to 65535')).toBeTruthy();
    expect(calls.some((c) => c.name === 'servers.add')).toBe(false);
    await user.clear(field('Callback port'));
    await user.type(field('Client ID'), 'abc');
    await user.type(field('Client secret'), 'x');
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const message = await screen.findByText('oauth.clientSecret: this value is hidden; type it again');
    expect(field('Client secret').getAttribute('aria-describedby')).toBe(message.closest('p')?.id);
  });
});
