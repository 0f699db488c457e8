// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatSummary } from '../../../../shared/chat.ts';
import { err, ok } from '../../../../shared/errors.ts';
import { setBridgeForTests } from '../../bridge/index.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { fakeBridge, type FakeHandlers } from '../common/fakeBridge.ts';
import { TooltipProvider } from '../common/Tooltip.tsx';
import { ChatView } from './ChatView.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ chatList: [], openChats: {}, chatLoadErrors: {}, view: 'chat', chatId: undefined, notices: [], connection: 'connecting' });
});

const summary = (id: string): ChatSummary => ({ id, title: '', titleLocked: false, model: 'claude-test', createdAt: 1, updatedAt: 1, messageCount: 0 });

/** The chat area as the app shows it: the chat the store points at, or the start page. */
function Shell() {
  const chatId = useStore((s) => s.chatId);
  return (
    <TooltipProvider>
      <ChatView chatId={chatId} />
    </TooltipProvider>
  );
}

function setup(handlers: FakeHandlers, chatId?: string) {
  const fake = fakeBridge({
    'chats.list': () => ok([]),
    'models.list': () => ok({ models: [{ id: 'claude-test', displayName: 'Claude Test' }], fromApi: false }),
    'chats.get': ({ chatId: id }) => ok({ chat: summary(id), messages: [] }),
    'chat.state': ({ chatId: id }) => ok({ chatId: id, generating: false }),
    ...handlers,
  });
  setBridgeForTests(fake.bridge);
  useStore.getState().bindChats(fake.bridge, {
    schedule: (run) => {
      run();
      return () => {};
    },
  });
  useStore.setState({ connection: 'open', chatId });
  render(<Shell />);
  return { ...fake, user: userEvent.setup() };
}

const box = () => screen.getByRole('textbox', { name: 'Message' });

describe('chat view composer', () => {
  it('Enter sends, Shift+Enter breaks the line', async () => {
    const { user, calls } = setup({ 'chat.send': () => ok({ messageId: 'm1' }) }, 'c1');
    await waitFor(() => expect(box()).toBeTruthy());
    await user.type(box(), 'first line{Shift>}{Enter}{/Shift}second line');
    expect(box()).toHaveProperty('value', 'first line\nsecond line');
    expect(calls.some((c) => c.name === 'chat.send')).toBe(false);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.find((c) => c.name === 'chat.send')?.params).toEqual({ chatId: 'c1', text: 'first line\nsecond line', model: 'claude-test' }));
    await waitFor(() => expect(box()).toHaveProperty('value', ''));
  });

  it('Esc stops the reply being written', async () => {
    const { user, calls, emit } = setup({ 'chat.stop': () => ok(null) }, 'c1');
    await waitFor(() => expect(box()).toBeTruthy());
    act(() => emit('chat.stream', { type: 'run_state', chatId: 'c1', state: { chatId: 'c1', generating: true } }));
    await screen.findByRole('button', { name: 'Stop generating' });
    await user.click(box());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calls.find((c) => c.name === 'chat.stop')?.params).toEqual({ chatId: 'c1' }));
  });

  it('shows a chat with its find bar and message list as siblings React can tell apart (no duplicate keys)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { emit } = setup({}, 'c1');
      await waitFor(() => expect(box()).toBeTruthy());
      act(() => emit('chat.stream', { type: 'run_state', chatId: 'c1', state: { chatId: 'c1', generating: true } }));
      await screen.findByRole('button', { name: 'Stop generating' });
      expect(document.querySelector('.chat-rows, [role="log"]')).toBeTruthy();
      expect(errors.mock.calls.map((call) => String(call[0])).filter((text) => text.includes('same key'))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('on the start page, a message the host refuses stays in the box, and sending again reuses the chat it created', async () => {
    let sends = 0;
    const { user, calls } = setup({
      'chats.create': () => ok(summary('new1')),
      'chat.send': () => (++sends === 1 ? err('server_not_ready', 'The server of the attached resource is not ready') : ok({ messageId: 'm1' })),
    });
    await user.type(box(), 'hello there{Enter}');
    await waitFor(() => expect(useStore.getState().notices.length).toBe(1));
    expect(box()).toHaveProperty('value', 'hello there');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(useStore.getState().chatId).toBe('new1'));
    expect(calls.filter((c) => c.name === 'chats.create')).toHaveLength(1);
    expect(calls.filter((c) => c.name === 'chat.send').map((c) => c.params)).toEqual([
      { chatId: 'new1', text: 'hello there' },
      { chatId: 'new1', text: 'hello there' },
    ]);
  });

  it('on the start page, does not send again into a chat that no longer exists', async () => {
    let made = 0;
    let sends = 0;
    const { user, calls } = setup({
      'chats.create': () => ok(summary(`new${++made}`)),
      'chat.send': ({ chatId }) => (++sends === 1 ? err('not_found', `No chat with id ${chatId}`) : ok({ messageId: 'm1' })),
    });
    await user.type(box(), 'hello{Enter}');
    await waitFor(() => expect(useStore.getState().notices.length).toBe(1));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(useStore.getState().chatId).toBe('new2'));
    expect(calls.filter((c) => c.name === 'chat.send').map((c) => (c.params as { chatId: string }).chatId)).toEqual(['new1', 'new2']);
  });

  it('tells screen readers a chat is loading, and why it could not be opened', async () => {
    setup({ 'chats.get': () => err('not_found', 'No chat with id gone') }, 'gone');
    expect(screen.getByRole('status', { name: 'Loading chat…' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('No chat with id gone');
  });
});
