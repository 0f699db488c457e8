// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { err, ok } from '../../../../../shared/errors.ts';
import type { TestConnectionReport } from '../../../../../shared/servers.ts';
import { initI18n } from '../../../i18n/index.ts';
import { useStore } from '../../../store/index.ts';
import { fakeBridge, type FakeHandlers } from '../../common/fakeBridge.ts';
import { ServerFormDialog } from './ServerFormDialog.tsx';
import { emptyForm } from './serverForm.ts';

beforeAll(() => {
  initI18n('en');
  // jsdom does not lay out, so it has no scrollIntoView; the dialog scrolls the test report into view.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  useStore.setState({ servers: [], notices: [] });
});

function setup(handlers: FakeHandlers = {}, takenNames: string[] = []) {
  const fake = fakeBridge({ 'servers.list': () => ok([]), 'tools.list': () => ok([]), ...handlers });
  useStore.getState().bindServers(fake.bridge);
  const onClose = vi.fn();
  render(<ServerFormDialog onClose={onClose} initial={emptyForm()} takenNames={takenNames} />);
  return { ...fake, onClose, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });

describe('server form', () => {
  it('names every missing field on save and sends nothing', async () => {
    const { user, calls } = setup();
    expect(screen.queryByText('Give the server a name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    expect(await screen.findByText('Give the server a name')).toBeTruthy();
    expect(screen.getByText('Enter the command to run')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.name === 'servers.add')).toBe(false);

    await user.type(field('Name'), 'memory');
    await user.type(field('Command'), 'npx');
    expect(screen.queryByText('Give the server a name')).toBeNull();
    expect(screen.queryByText('Enter the command to run')).toBeNull();
  });

  it('shows a field error as soon as the field is left, not before', async () => {
    const { user } = setup({}, ['memory']);
    await user.type(field('Name'), 'Memory');
    expect(screen.queryByText(/already exists/)).toBeNull();
    await user.tab();
    expect(await screen.findByText('A server named “Memory” already exists')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    await user.type(screen.getByLabelText('Variable name 1'), '1BAD');
    await user.tab();
    expect(await screen.findByText('Letters, digits and _ only, not starting with a digit')).toBeTruthy();
  });

  it('checks remote URLs', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Remote URL' }));
    await user.type(field('URL'), 'ftp://example.com');
    await user.tab();
    expect(await screen.findByText('Use an http:// or https:// address')).toBeTruthy();
  });

  it('puts the host’s verdict next to the field it is about', async () => {
    const { user } = setup({ 'servers.add': () => err('command_not_found', 'npx-nope was not found on PATH', { field: 'config.command' }) });
    await user.type(field('Name'), 'x');
    await user.type(field('Command'), 'npx-nope');
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const message = await screen.findByText('npx-nope was not found on PATH');
    expect(field('Command').getAttribute('aria-describedby')).toBe(message.closest('p')?.id);
  });

  it('splits a pasted command line into command and arguments', async () => {
    const { user } = setup();
    await user.type(field('Command'), 'npx -y @modelcontextprotocol/server-memory');
    await user.click(screen.getByRole('button', { name: 'Split into arguments' }));
    expect(field('Command')).toHaveProperty('value', 'npx');
    expect(screen.getByLabelText('Argument 2', { exact: true })).toHaveProperty('value', '@modelcontextprotocol/server-memory');
  });

  it('tests the connection and shows what it found, without saving', async () => {
    const report: TestConnectionReport = {
      status: {
        state: 'ready', since: 0, era: 'legacy', protocolVersion: '2025-11-25', serverName: 'memory-server', serverVersion: '0.6.3',
        capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
        counts: { tools: 2, resources: 0, prompts: 0 }, warnings: [],
      },
      tools: [{ name: 'create_entities' }, { name: 'read_graph' }],
      resources: 0,
      prompts: 0,
      stderrTail: [],
    };
    const { user, calls } = setup({ 'servers.test': () => ok(report) });
    await user.type(field('Name'), 'memory');
    await user.type(field('Command'), 'npx');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const shown = await screen.findByTestId('test-report');
    expect(shown.textContent).toContain('Connected');
    expect(shown.textContent).toContain('memory-server 0.6.3');
    expect(shown.textContent).toContain('read_graph');
    expect(calls.filter((c) => c.name === 'servers.test')).toEqual([{ name: 'servers.test', params: { name: 'memory', config: { command: 'npx' } } }]);
    expect(calls.some((c) => c.name === 'servers.add')).toBe(false);
  });

  it('shows the stderr of a failed test', async () => {
    const { user } = setup({
      'servers.test': () =>
        ok({ status: { state: 'error', message: 'The server exited during startup (exit code 1).', code: 'process_exited', stderrTail: [], at: 0 }, tools: [], resources: 0, prompts: 0, stderrTail: ['Error: missing API_KEY'] }),
    });
    await user.type(field('Name'), 'x');
    await user.type(field('Command'), 'node');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(screen.getByTestId('stderr-tail').textContent).toBe('Error: missing API_KEY'));
    expect(screen.getByTestId('test-report').textContent).toContain('Could not connect');
  });

  it('saves a valid server and closes', async () => {
    const { user, calls, onClose } = setup({
      'servers.add': ({ name, config }) => ok({ id: name, config, status: { state: 'connecting', since: 0 }, transport: 'stdio' }),
    });
    await user.type(field('Name'), 'fs');
    await user.type(field('Command'), 'npx');
    await user.click(screen.getByRole('button', { name: 'Add argument' }));
    await user.type(screen.getByLabelText('Argument 1', { exact: true }), '/my docs');
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.name === 'servers.add')?.params).toEqual({ name: 'fs', config: { command: 'npx', args: ['/my docs'] } });
    expect(useStore.getState().servers.map((s) => s.id)).toEqual(['fs']);
  });
});
