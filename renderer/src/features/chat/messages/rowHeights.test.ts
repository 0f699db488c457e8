import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../../shared/chat.ts';
import { estimateRowHeight, forgetRowHeights, knownRowHeight, rememberRowHeight } from './rowHeights.ts';

afterEach(forgetRowHeights);

function message(id: string, role: ChatMessage['role'], blocks: ChatMessage['blocks']): ChatMessage {
  return { id, chatId: 'c1', role, blocks, status: 'complete', createdAt: 0, updatedAt: 0 };
}

describe('row heights', () => {
  it('gives back a measured height while rows keep the width it was measured at', () => {
    rememberRowHeight('m1', 1008, 224);
    rememberRowHeight('m2', 1008, 60);
    expect(knownRowHeight('m1')).toBe(224);
    expect(knownRowHeight('m2')).toBe(60);
    expect(knownRowHeight('m3')).toBeUndefined();
  });

  it('does not trust a height measured at another width (the window was resized: text wraps differently)', () => {
    rememberRowHeight('m1', 1008, 224);
    rememberRowHeight('m2', 700, 80);
    expect(knownRowHeight('m1')).toBeUndefined();
    expect(knownRowHeight('m2')).toBe(80);
    rememberRowHeight('m1', 700, 300);
    expect(knownRowHeight('m1')).toBe(300);
  });

  it('estimates a row never measured from its content: longer text, code and tool cards make taller rows', () => {
    const short = estimateRowHeight(message('a', 'user', [{ type: 'text', text: 'Hi' }]));
    const long = estimateRowHeight(message('b', 'user', [{ type: 'text', text: 'word '.repeat(200) }]));
    const code = estimateRowHeight(message('c', 'assistant', [{ type: 'text', text: 'Look:\n\n```ts\nconst a = 1;\nconst b = 2;\n```' }]));
    const prose = estimateRowHeight(message('d', 'assistant', [{ type: 'text', text: 'Look:' }]));
    const card: ChatMessage['blocks'][number] = { type: 'tool_call', id: 't1', exposedName: 'e__echo', serverId: 'e', toolName: 'echo', input: {}, status: 'done', destructive: false, startedAt: 0 };
    const withCard = estimateRowHeight(message('e', 'assistant', [card, { type: 'text', text: 'Look:' }]));
    expect(long).toBeGreaterThan(short);
    expect(code).toBeGreaterThan(prose);
    expect(withCard).toBeGreaterThan(prose);
    // A one-line question is about one line plus the bubble and footer, not the 140 px every row used to be given.
    expect(short).toBeLessThan(100);
  });
});
