// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import i18next from 'i18next';
import { hostError } from '../../../../shared/errors.ts';
import { applyServersDelta, type ServerStatus, type ServerView } from '../../../../shared/servers.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { TooltipProvider } from '../common/Tooltip.tsx';
import { ServersView } from './ServersView.tsx';

// Counts renders of the page header's bundle button: it tells whether a status change re-rendered the whole page.
const headerRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./bundles/BundleInstall.tsx', () => ({
  BundleInstall: () => {
    headerRenders.count += 1;
    return null;
  },
}));

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ servers: [], serversLoaded: false, serversError: undefined });
});

const server = (i: number, status: ServerStatus = { state: 'connecting', since: 0 }): ServerView => ({
  id: `many-${i}`,
  config: { command: 'node', args: ['server.js'] },
  status,
  transport: 'stdio',
});
const ready: ServerStatus = {
  state: 'ready',
  serverName: 'many',
  serverVersion: '1.0.0',
  protocolVersion: '2025-06-18',
  era: 'modern',
  capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
  counts: { tools: 50, resources: 0, prompts: 0 },
  warnings: [],
  since: 0,
};

describe('ServersView', () => {
  it('counts a server that becomes ready without rendering the page header again', async () => {
    // jsdom has no layout: the page gets a 900 px viewport, so the list shows its cards.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('page') ? 900 : 0;
    });
    onTestFinished(() => height.mockRestore());
    useStore.setState({ servers: [server(0), server(1)], serversLoaded: true });
    render(
      <TooltipProvider>
        <ServersView />
      </TooltipProvider>,
    );
    expect(screen.getByText('0 of 2 ready')).toBeTruthy();
    const before = headerRenders.count;
    act(() => useStore.setState((s) => ({ servers: applyServersDelta(s.servers, { order: s.servers.map((v) => v.id), changed: [server(1, ready)] }) })));
    expect(await screen.findByText('1 of 2 ready')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('status-badge').map((b) => b.getAttribute('data-state'))).toEqual(['connecting', 'ready']));
    expect(headerRenders.count - before).toBe(0);
  });
  it("says why the server list could not be loaded in the user's language (vi), not the host's English", async () => {
    await i18next.changeLanguage('vi');
    onTestFinished(async () => {
      await i18next.changeLanguage('en');
    });
    const error = hostError('storage_error', { code: 'servers.fileUnreadable', params: { path: '/data/servers.json', reason: 'EACCES' } });
    useStore.setState({ servers: [], serversLoaded: true, serversError: error });
    render(
      <TooltipProvider>
        <ServersView />
      </TooltipProvider>,
    );
    const alert = await screen.findByText((text) => text.includes('/data/servers.json'));
    expect(alert.textContent).toContain(i18next.t('hostMessages:servers.fileUnreadable', { path: '/data/servers.json', reason: 'EACCES' }));
    expect(alert.textContent).not.toContain('Cannot read');
  });
});
