import { describe, expect, it } from 'vitest';
import type { ChatMessage, ContentBlock } from '../../../../../shared/chat.ts';
import { keepIndex, loadedHits, mergeMatches, startIndex, toolCallsWith } from './findMatches.ts';

const msg = (id: string, blocks: ContentBlock[]): ChatMessage => ({ id, chatId: 'c', role: 'assistant', blocks, status: 'complete', createdAt: 1, updatedAt: 1 });
const tool = (id: string, input: unknown, result: string): ContentBlock => ({
  type: 'tool_call', id, exposedName: 'x__y', serverId: 'x', toolName: 'y', input, status: 'done', destructive: false, result: { content: [{ type: 'text', text: result }], isError: false },
});

describe('find matches', () => {
  it('finds text, tool arguments and tool result text in loaded messages, case-insensitively', () => {
    const messages = [msg('a', [{ type: 'text', text: 'Kiwi and kiwi' }]), msg('b', [tool('t1', { fruit: 'KIWI' }, 'no')]), msg('c', [tool('t2', {}, 'a kiwi here')]), msg('d', [{ type: 'text', text: 'none' }])];
    expect(loadedHits(messages, 'kiwi')).toEqual([{ messageId: 'a', count: 2 }, { messageId: 'b', count: 1 }, { messageId: 'c', count: 1 }]);
    expect(toolCallsWith(messages[2]!, 'kiwi')).toEqual(['t2']);
    expect(toolCallsWith(messages[0]!, 'kiwi')).toEqual([]);
  });

  it('puts the host’s hits in pages not loaded before the loaded ones, and lists matches newest first', () => {
    const loaded = [{ messageId: 'm9', count: 2 }];
    const host = [{ messageId: 'm1', count: 1 }, { messageId: 'm9', count: 2 }];
    expect(mergeMatches(loaded, new Set(['m8', 'm9']), host)).toEqual([
      { messageId: 'm9', occurrence: 1 },
      { messageId: 'm9', occurrence: 0 },
      { messageId: 'm1', occurrence: 0 },
    ]);
  });

  it('keeps the current match when the results are computed again', () => {
    const matches = [{ messageId: 'new', occurrence: 0 }, { messageId: 'b', occurrence: 0 }, { messageId: 'a', occurrence: 0 }];
    expect(keepIndex(matches, { messageId: 'b', occurrence: 0 })).toBe(1);
    expect(keepIndex(matches, { messageId: 'gone', occurrence: 0 })).toBe(0);
  });

  it('starts a new search at the wanted match, waits for the host while it is not found, then falls back to the newest', () => {
    const matches = [{ messageId: 'new', occurrence: 1 }, { messageId: 'new', occurrence: 0 }, { messageId: 'a', occurrence: 0 }];
    expect(startIndex(matches, undefined, true)).toBe(0);
    expect(startIndex(matches, { messageId: 'new', occurrence: 0 }, true)).toBe(1);
    expect(startIndex(matches, { messageId: 'a', occurrence: 0 }, false)).toBe(2);
    // Maybe in a page not loaded: wait for the host's answer.
    expect(startIndex(matches, { messageId: 'old', occurrence: 0 }, true)).toBeUndefined();
    // Not there at all (deleted meanwhile): the newest, as a plain find.
    expect(startIndex(matches, { messageId: 'old', occurrence: 0 }, false)).toBe(0);
  });
});
