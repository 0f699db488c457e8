// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bridge, CallName } from '../../../../shared/contract.ts';
import type { PendingElicitation } from '../../../../shared/elicitation.ts';
import { ok } from '../../../../shared/errors.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { ElicitationHost } from './ElicitationHost.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ elicitations: [] });
});

/** A bridge that records calls, lists the given pending requests, and answers everything else with success. */
function fakeBridge(pending: PendingElicitation[]) {
  const calls: { name: CallName; params: unknown }[] = [];
  const bridge: Bridge = {
    invoke: (name, params) => {
      calls.push({ name, params });
      const value = name === 'elicitations.list' ? pending : name === 'approvals.list' ? [] : null;
      return Promise.resolve(ok(value) as never);
    },
    on: () => () => {},
  };
  return { bridge, calls };
}

const now = Date.now();
const first: PendingElicitation = {
  id: 'e1',
  serverId: 'everything',
  message: 'Please provide your name',
  createdAt: now,
  expiresAt: now + 9 * 60_000 + 30_000,
  mode: 'form',
  requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
};
const second: PendingElicitation = {
  id: 'e2',
  serverId: 'billing',
  message: 'Sign in to continue',
  createdAt: now + 1,
  expiresAt: now + 2 * 60_000,
  mode: 'url',
  url: 'https://billing.example.com/login',
};

describe('ElicitationHost', () => {
  it('renders nothing while no request waits', () => {
    render(<ElicitationHost />);
    expect(screen.queryByTestId('elicitation-dialog')).toBeNull();
  });

  it('shows the oldest request with the asking server, its wait time and the queue behind it, then answers through the host', async () => {
    const { bridge, calls } = fakeBridge([first, second]);
    render(<ElicitationHost />);
    act(() => {
      useStore.getState().bindPending(bridge);
    });
    const dialog = await screen.findByTestId('elicitation-dialog');
    expect(dialog.textContent).toContain('everything');
    expect(screen.getByText('Please provide your name')).toBeTruthy();
    expect(screen.getByText('1 of 2')).toBeTruthy();
    expect(screen.getByText('1 more request waiting')).toBeTruthy();
    expect(screen.getByText(/^Waits 9:\d\d more$/)).toBeTruthy();
    expect(screen.getByText(/^Waits [12]:\d\d more$/)).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Name/), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(calls.filter((c) => c.name === 'elicitations.answer').map((c) => c.params)).toEqual([{ id: 'e1', answer: { action: 'accept', content: { name: 'Grace' } } }]);
    // Answered locally at once; the next request takes its place.
    expect(await screen.findByText('Sign in to continue')).toBeTruthy();
    expect(screen.getByTestId('elicit-url-host').textContent).toBe('billing.example.com');
  });

  it('opens a URL request in a new tab in web mode and accepts it', async () => {
    const { bridge, calls } = fakeBridge([second]);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    useStore.setState({ appInfo: { version: '0', mode: 'web', dataDir: '/tmp', platform: 'linux', notices: [] } });
    render(<ElicitationHost />);
    act(() => {
      useStore.getState().bindPending(bridge);
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open in browser' }));
    expect(open).toHaveBeenCalledWith('https://billing.example.com/login', '_blank', 'noopener,noreferrer');
    expect(calls.some((c) => c.name === 'app.openExternal')).toBe(false);
    expect(calls.find((c) => c.name === 'elicitations.answer')?.params).toEqual({ id: 'e2', answer: { action: 'accept' } });
    open.mockRestore();
  });
});
