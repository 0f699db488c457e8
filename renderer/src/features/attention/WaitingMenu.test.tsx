// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PendingApproval } from '../../../../shared/chat.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { TooltipProvider } from '../common/Tooltip.tsx';
import { Sidebar } from '../sidebar/Sidebar.tsx';

const approval: PendingApproval = {
  id: 'ap1', chatId: 'chat-1', toolCallId: 't', serverId: 'everything', toolName: 'get-sum', exposedName: 'everything__get-sum', title: 'Get Sum', input: {}, destructive: false, readOnly: true, createdAt: 0,
};

/** The browser's Notification, reduced to what the app reads; counts permission requests. */
function installNotification(permission: NotificationPermission) {
  const requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>('granted'));
  const fake = Object.assign(function FakeNotification() {}, { permission, requestPermission });
  vi.stubGlobal('Notification', fake);
  return requestPermission;
}

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useStore.setState({ approvals: [], chatList: [], sidebarCollapsed: false, view: 'chat', chatId: undefined });
});

const now = Date.now();

describe('waiting for you', () => {
  it('badges the chat and lists the approval; choosing it opens the chat', async () => {
    installNotification('granted');
    useStore.setState({ approvals: [approval], chatList: [{ id: 'chat-1', title: 'Sums', titleLocked: false, model: 'm', createdAt: now, updatedAt: now, messageCount: 1 }], view: 'servers' });
    const user = userEvent.setup();
    render(
      <TooltipProvider>
        <Sidebar />
      </TooltipProvider>,
    );
    expect(screen.getByTestId('chat-badge').textContent).toBe('1, 1 decision waiting for you');
    const button = screen.getByRole('button', { name: '1 decision waiting for you' });
    await user.click(button);
    const item = await screen.findByRole('menuitem', { name: /Run Get Sum from everything\?/ });
    expect(item.textContent).toContain('in “Sums”');
    await user.click(item);
    expect(useStore.getState().view).toBe('chat');
    expect(useStore.getState().chatId).toBe('chat-1');
  });

  it('asks for notification permission only when "Notify me" is chosen, never on render', async () => {
    const requestPermission = installNotification('default');
    const user = userEvent.setup();
    render(
      <TooltipProvider>
        <Sidebar />
      </TooltipProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Waiting for you' }));
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('menuitem', { name: /Notify me/ }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText('Notifications are on')).toBeTruthy());
  });

  it('collapses to a rail and back', async () => {
    installNotification('granted');
    const user = userEvent.setup();
    render(
      <TooltipProvider>
        <Sidebar />
      </TooltipProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(useStore.getState().sidebarCollapsed).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'Expand sidebar' }));
    expect(useStore.getState().sidebarCollapsed).toBe(false);
  });
});
