// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatSummary } from '../../../../shared/chat.ts';
import { ok } from '../../../../shared/errors.ts';
import { setBridgeForTests } from '../../bridge/index.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { fakeBridge } from '../common/fakeBridge.ts';
import { TooltipProvider } from '../common/Tooltip.tsx';
import { Sidebar } from './Sidebar.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ chatList: [], hasMoreChats: false, openChats: {}, view: 'chat', chatId: undefined });
});

const now = Date.now();
const chat = (id: string, title: string, updatedAt: number): ChatSummary => ({ id, title, titleLocked: false, model: 'm', createdAt: updatedAt, updatedAt, messageCount: 2 });
const chats = [chat('a', 'Trip to Hanoi', now - 3 * 86_400_000), chat('b', 'Fix the build', now), chat('c', 'Old notes', now - 40 * 86_400_000)];

function setup() {
  let list = [...chats];
  const fake = fakeBridge({
    'chats.list': ({ query }) => ok(query ? list.filter((c) => c.title.toLowerCase().includes(query.toLowerCase()) || (query === 'pho' && c.id === 'a')) : list),
    'chats.rename': ({ chatId, title }) => {
      list = list.map((c) => (c.id === chatId ? { ...c, title, titleLocked: true } : c));
      const renamed = list.find((c) => c.id === chatId);
      return renamed ? ok(renamed) : ok(chats[0] as ChatSummary);
    },
    'chats.delete': ({ chatId }) => {
      list = list.filter((c) => c.id !== chatId);
      return ok(null);
    },
    'chats.create': () => ok(chat('new', 'New chat', now + 1)),
  });
  setBridgeForTests(fake.bridge);
  useStore.getState().bindChats(fake.bridge, {
    schedule: (run) => {
      run();
      return () => {};
    },
  });
  render(
    <TooltipProvider>
      <Sidebar />
    </TooltipProvider>,
  );
  return { ...fake, user: userEvent.setup() };
}

const titles = () => screen.getAllByTestId('chat-item').map((el) => el.textContent);

describe('sidebar', () => {
  it('lists chats most recent first, grouped by day', async () => {
    setup();
    await waitFor(() => expect(titles()).toEqual(['Fix the build', 'Trip to Hanoi', 'Old notes']));
    expect(screen.getByRole('heading', { name: 'Today' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Previous 7 days' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Older' })).toBeTruthy();
  });

  it('searches titles at once and message text through the host', async () => {
    const { user } = setup();
    await waitFor(() => expect(titles()).toHaveLength(3));
    await user.type(screen.getByLabelText('Search chats'), 'build');
    expect(titles()).toEqual(['Fix the build']);
    await user.clear(screen.getByLabelText('Search chats'));
    await user.type(screen.getByLabelText('Search chats'), 'pho');
    await waitFor(() => expect(titles()).toEqual(['Trip to Hanoi']));
    await user.keyboard('{Escape}');
    expect(titles()).toHaveLength(3);
  });

  it('renames a chat inline from its menu', async () => {
    const { user, calls } = setup();
    await waitFor(() => expect(titles()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Actions for “Fix the build”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const input = await screen.findByLabelText('Chat title');
    await user.clear(input);
    await user.type(input, 'Build fixed{Enter}');
    await waitFor(() => expect(titles()).toContain('Build fixed'));
    expect(calls.find((c) => c.name === 'chats.rename')?.params).toEqual({ chatId: 'b', title: 'Build fixed' });
  });

  it('deletes a chat only after confirming', async () => {
    const { user, calls } = setup();
    await waitFor(() => expect(titles()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Actions for “Old notes”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('“Old notes” and all its messages will be deleted');
    expect(calls.some((c) => c.name === 'chats.delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).toEqual(['Fix the build', 'Trip to Hanoi']));
  });

  it('New chat opens the start page without leaving empty chats behind', async () => {
    const { user, calls } = setup();
    useStore.getState().navigate({ view: 'chat', chatId: 'b' });
    const newChat = screen.getByRole('button', { name: 'New chat' });
    await user.click(newChat);
    await user.click(newChat);
    expect(useStore.getState().view).toBe('chat');
    expect(useStore.getState().chatId).toBeUndefined();
    // The start page creates the chat with its first message; pressing New chat alone adds nothing to the list.
    expect(calls.some((c) => c.name === 'chats.create')).toBe(false);
    expect(titles()).toHaveLength(3);
  });
});

describe('sidebar with a long history', () => {
  // 130 chats, newest first, served the way the host does: 50 when no limit is given, pages by offset/limit.
  const many = Array.from({ length: 130 }, (_, i) => chat(`c${i}`, `Chat ${i}`, now - i * 60_000));

  function setupMany() {
    const fake = fakeBridge({
      'chats.list': ({ offset, limit }) => ok(many.slice(offset ?? 0, (offset ?? 0) + (limit ?? 50))),
    });
    setBridgeForTests(fake.bridge);
    useStore.getState().bindChats(fake.bridge);
    render(
      <TooltipProvider>
        <Sidebar />
      </TooltipProvider>,
    );
    return { ...fake, user: userEvent.setup() };
  }

  it('lists as many chats at start as after a change, and reaches the oldest through Show older chats', async () => {
    const { user, emit } = setupMany();
    await waitFor(() => expect(titles()).toHaveLength(100));
    // The host's 'chats.changed' carries its first 100 chats; the list must not shrink or grow with it.
    emit('chats.changed', [{ ...many[7]!, updatedAt: now + 1000 }, ...many.filter((c) => c.id !== 'c7').slice(0, 99)]);
    await waitFor(() => expect(titles()[0]).toBe('Chat 7'));
    expect(titles()).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show older chats' }));
    await waitFor(() => expect(titles()).toHaveLength(130));
    expect(titles().at(-1)).toBe('Chat 129');
    expect(screen.queryByRole('button', { name: 'Show older chats' })).toBeNull();
    // A later change keeps the older chats loaded.
    emit('chats.changed', many.slice(0, 100));
    await waitFor(() => expect(titles()[0]).toBe('Chat 0'));
    expect(titles()).toHaveLength(130);
  });
});
