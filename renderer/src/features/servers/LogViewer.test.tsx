// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { LogLine } from '../../../../shared/servers.ts';
import { ok } from '../../../../shared/errors.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { fakeBridge } from '../common/fakeBridge.ts';
import { LogViewer } from './LogViewer.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ logs: {}, connection: 'connecting' });
});

const line = (seq: number, text: string): LogLine => ({ serverId: 'memory', seq, at: 1_700_000_000_000 + seq, stream: 'stderr', text });

describe('LogViewer', () => {
  it('loads the lines written while the link to the host was down once it is back', async () => {
    let stored = [line(1, 'starting')];
    const fake = fakeBridge({ 'servers.logs': () => ok(stored), 'servers.list': () => ok([]), 'tools.list': () => ok([]) });
    useStore.getState().bindServers(fake.bridge);
    useStore.setState({ connection: 'open' });
    render(<LogViewer serverId="memory" />);
    await screen.findByText('starting');

    act(() => useStore.setState({ connection: 'reconnecting' }));
    // Written by the server while no event could reach the page.
    stored = [line(1, 'starting'), line(2, 'lost while offline')];
    act(() => useStore.setState({ connection: 'open' }));
    await waitFor(() => expect(screen.queryByText('lost while offline')).not.toBeNull());
  });

  it('shows each server message with its level and hides those below the chosen level', async () => {
    const stored: LogLine[] = [
      { ...line(1, 'chatty detail'), stream: 'server', level: 'debug' },
      { ...line(2, 'disk almost full'), stream: 'server', level: 'warning' },
      line(3, 'stderr says hi'),
    ];
    const fake = fakeBridge({ 'servers.logs': () => ok(stored), 'servers.list': () => ok([]), 'tools.list': () => ok([]) });
    useStore.getState().bindServers(fake.bridge);
    useStore.setState({ connection: 'open' });
    render(<LogViewer serverId="memory" />);
    await screen.findByText('chatty detail');
    expect(screen.getByText('warning')).toBeTruthy();
    fireEvent.change(screen.getByTestId('log-level-filter'), { target: { value: 'warning' } });
    expect(screen.queryByText('chatty detail')).toBeNull();
    expect(screen.getByText('disk almost full')).toBeTruthy();
    expect(screen.getByText('stderr says hi')).toBeTruthy();
  });
});
