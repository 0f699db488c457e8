import { afterEach, describe, expect, it } from 'vitest';
import type { SearchSnippet } from '../../../../../shared/find.ts';
import { hostErr, ok } from '../../../../../shared/errors.ts';
import { hostMessage } from '../../../../../shared/hostMessages.ts';
import type { ChatPage } from '../../../../../shared/chat.ts';
import { useStore } from '../../../store/index.ts';
import { fakeBridge, type FakeHandlers } from '../../common/fakeBridge.ts';
import { useFindStore } from './findStore.ts';
import { openSearchHit } from './openSearchHit.ts';

const snippet = (extra: Partial<SearchSnippet>): SearchSnippet => ({ messageId: 'm7', occurrence: 0, hidden: false, text: 'a zebra', matchStart: 2, matchLength: 5, inTool: false, ...extra });
const page: ChatPage = { chat: { id: 'c', title: 'C', titleLocked: false, model: 'm', createdAt: 1, updatedAt: 1, messageCount: 0 }, messages: [] };

function bind(handlers: FakeHandlers) {
  const fake = fakeBridge(handlers);
  useStore.getState().bindChats(fake.bridge, { schedule: (run) => (run(), () => {}) });
  return fake;
}

afterEach(() => {
  useFindStore.getState().close();
  useStore.setState({ openChats: {}, notices: [], view: 'chat', chatId: undefined });
});

describe('opening a sidebar search hit', () => {
  it('opens the find bar at the snippet’s match, switching no branch when it is shown', async () => {
    const fake = bind({});
    await openSearchHit('c', ' zebra ', snippet({ occurrence: 1 }));
    expect(useFindStore.getState()).toMatchObject({ chatId: 'c', query: 'zebra', wanted: { messageId: 'm7', occurrence: 1 } });
    expect(useStore.getState()).toMatchObject({ view: 'chat', chatId: 'c' });
    expect(fake.calls.filter((c) => c.name === 'chats.switchBranch')).toEqual([]);
  });

  it('shows the version holding the match first when it is hidden', async () => {
    const fake = bind({ 'chats.switchBranch': () => ok(page) });
    await openSearchHit('c', 'zebra', snippet({ hidden: true }));
    expect(fake.calls.map((c) => c.name)).toContain('chats.switchBranch');
    expect(fake.calls.find((c) => c.name === 'chats.switchBranch')?.params).toEqual({ chatId: 'c', messageId: 'm7' });
    expect(useFindStore.getState().wanted).toEqual({ messageId: 'm7', occurrence: 0 });
  });

  it('says why when the version cannot be shown, and falls back to a plain find', async () => {
    bind({ 'chats.switchBranch': () => hostErr('not_found', hostMessage('branch.messageGone')) });
    await openSearchHit('c', 'zebra', snippet({ hidden: true }));
    expect(useFindStore.getState()).toMatchObject({ chatId: 'c', query: 'zebra', wanted: undefined });
    expect(useStore.getState().notices.at(-1)).toMatchObject({ tone: 'error', titleKey: 'find:openFailed', code: 'not_found', detailText: { code: 'branch.messageGone' } });
    expect(useStore.getState().chatId).toBe('c');
  });

  it('opens at the newest match without a snippet (a title hit), and just the chat without a query', async () => {
    bind({});
    await openSearchHit('c', 'Trip', undefined);
    expect(useFindStore.getState()).toMatchObject({ chatId: 'c', query: 'Trip', wanted: undefined });
    useFindStore.getState().close();
    await openSearchHit('d', '  ', snippet({}));
    expect(useFindStore.getState().chatId).toBeUndefined();
    expect(useStore.getState().chatId).toBe('d');
  });
});
