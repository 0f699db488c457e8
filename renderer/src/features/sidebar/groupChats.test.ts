import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '../../../../shared/chat.ts';
import { groupChats } from './groupChats.ts';

const chat = (id: string, updatedAt: number): ChatSummary => ({ id, title: id, titleLocked: false, model: 'm', createdAt: 0, updatedAt, messageCount: 1 });

describe('groupChats', () => {
  it('puts the most recent chat first and splits by day', () => {
    const now = new Date(2026, 5, 15, 12, 0).getTime();
    const groups = groupChats(
      [chat('old', new Date(2026, 0, 1).getTime()), chat('yesterday', new Date(2026, 5, 14, 23).getTime()), chat('later', now - 60_000), chat('now', now)],
      now,
    );
    expect(groups.map((g) => g.key)).toEqual(['today', 'yesterday', 'older']);
    expect(groups[0]?.chats.map((c) => c.id)).toEqual(['now', 'later']);
  });
});
