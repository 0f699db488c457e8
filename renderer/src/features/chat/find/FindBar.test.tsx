// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '../../../../../shared/chat.ts';
import { ok } from '../../../../../shared/errors.ts';
import { setBridgeForTests } from '../../../bridge/index.ts';
import { initI18n } from '../../../i18n/index.ts';
import type { OpenChat } from '../../../store/chatsSlice.ts';
import { useStore } from '../../../store/index.ts';
import { fakeBridge } from '../../common/fakeBridge.ts';
import { FindBar } from './FindBar.tsx';
import { useFindStore } from './findStore.ts';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useFindStore.getState().close();
  useFindStore.setState({ query: '' });
});

const text = (id: string, value: string): ChatMessage => ({ id, chatId: 'c1', role: 'user', blocks: [{ type: 'text', text: value }], status: 'complete', createdAt: 1, updatedAt: 1 });
const openChat = (messages: ChatMessage[], olderCursor?: string): OpenChat => ({
  chat: { id: 'c1', title: 'T', titleLocked: false, model: 'm', createdAt: 1, updatedAt: 1, messageCount: messages.length },
  messages,
  loadingOlder: false,
  run: { chatId: 'c1', generating: false },
  ...(olderCursor ? { olderCursor } : {}),
});

describe('FindBar', () => {
  it('opens on Ctrl+F, counts matches, steps with Enter and Shift+Enter, and Escape gives focus back', async () => {
    const fake = fakeBridge({});
    setBridgeForTests(fake.bridge);
    const chat = openChat([text('m1', 'apple pie'), text('m2', 'Apple and apple')]);
    useStore.setState({ openChats: { c1: chat } });
    render(
      <>
        <textarea aria-label="Message" />
        <FindBar open={chat} />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.keyboard('{Control>}f{/Control}');
    const field = await screen.findByRole('searchbox', { name: 'Find in chat' });
    expect(document.activeElement).toBe(field);
    await user.type(field, 'apple');
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('1 of 3'));
    expect(useFindStore.getState().target).toMatchObject({ messageId: 'm2', occurrence: 1 });
    await user.keyboard('{Enter}{Enter}');
    expect(screen.getByTestId('find-count').textContent).toBe('3 of 3');
    expect(useFindStore.getState().target).toMatchObject({ messageId: 'm1', occurrence: 0 });
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByTestId('find-count').textContent).toBe('2 of 3');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('find-bar')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    // The loaded chat is searched in the renderer alone.
    expect(fake.calls.filter((c) => c.name === 'chats.find')).toHaveLength(0);
  });

  it('asks the host when older pages are not loaded, and counts their hits', async () => {
    const fake = fakeBridge({ 'chats.find': () => ok({ hits: [{ messageId: 'old1', count: 2 }, { messageId: 'm2', count: 1 }], total: 3, truncated: false }) });
    setBridgeForTests(fake.bridge);
    render(<FindBar open={openChat([text('m2', 'a zebra')], 'cursor')} />);
    useFindStore.getState().open('c1', 'zebra');
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('1 of 3'));
    expect(fake.calls.find((c) => c.name === 'chats.find')?.params).toEqual({ chatId: 'c1', query: 'zebra' });
  });

  it('opened at a wanted match (a sidebar snippet), starts there once the host found it in a page not loaded', async () => {
    const fake = fakeBridge({ 'chats.find': () => ok({ hits: [{ messageId: 'old1', count: 2 }, { messageId: 'm2', count: 1 }], total: 3, truncated: false }) });
    setBridgeForTests(fake.bridge);
    const chat = openChat([text('m2', 'a zebra')], 'cursor');
    useStore.setState({ openChats: { c1: chat } });
    render(<FindBar open={chat} />);
    useFindStore.getState().open('c1', 'zebra', { messageId: 'old1', occurrence: 0 });
    // Not the newest (the loaded m2) while the host searches: that would scroll away from the wanted match.
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('Searching…'));
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('3 of 3'));
    expect(useFindStore.getState().wanted).toBeUndefined();
    // Opened again on the same query without a wanted match: a plain find, from the newest.
    useFindStore.getState().open('c1', 'zebra');
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('1 of 3'));
    // A wanted match no longer there (deleted meanwhile): the newest, as a plain find.
    useFindStore.getState().open('c1', 'zebra', { messageId: 'gone', occurrence: 0 });
    await waitFor(() => expect(fake.calls.filter((c) => c.name === 'chats.find')).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('1 of 3'));
    expect(useFindStore.getState().target).toMatchObject({ messageId: 'm2', occurrence: 0 });
  });
});
