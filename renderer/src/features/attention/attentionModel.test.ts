import { describe, expect, it } from 'vitest';
import type { PendingApproval } from '../../../../shared/chat.ts';
import type { PendingElicitation } from '../../../../shared/elicitation.ts';
import type { PendingSampling } from '../../../../shared/sampling.ts';
import { arrivals, countByChat, pendingItems, serversCount, windowTitle } from './attentionModel.ts';

const approval = (id: string, chatId: string, createdAt: number): PendingApproval => ({
  id, chatId, toolCallId: `t-${id}`, serverId: 'everything', toolName: 'get-sum', exposedName: 'everything__get-sum', title: 'Get Sum', input: {}, destructive: false, readOnly: true, createdAt,
});
const elicitation = (id: string, createdAt: number, chatId?: string): PendingElicitation => ({
  id, serverId: 'forms', message: 'Your name?', createdAt, expiresAt: createdAt + 60_000, mode: 'form', requestedSchema: { type: 'object', properties: {} }, ...(chatId ? { chatId } : {}),
});
const sampling = (id: string, createdAt: number, chatId?: string): PendingSampling => ({
  id, serverId: 'llm-tools', createdAt, expiresAt: createdAt + 60_000, stage: 'request', messages: [], maxTokens: 100, ...(chatId ? { chatId } : {}),
});

describe('attention model', () => {
  const items = pendingItems([approval('a1', 'chat-1', 30), approval('a2', 'chat-2', 10)], [elicitation('e1', 20)], [sampling('s1', 40, 'chat-1')]);

  it('lists every waiting decision, oldest first, with what is asked', () => {
    expect(items.map((i) => [i.kind, i.id, i.subject])).toEqual([
      ['approval', 'a2', 'Get Sum'],
      ['elicitation', 'e1', 'Your name?'],
      ['approval', 'a1', 'Get Sum'],
      ['sampling', 's1', 'llm-tools'],
    ]);
  });

  it('counts per chat, and puts requests tied to no chat on Servers', () => {
    expect([...countByChat(items)]).toEqual([
      ['chat-2', 1],
      ['chat-1', 2],
    ]);
    expect(serversCount(items)).toBe(1);
  });

  it('puts the count in front of the window title, and nothing when none waits', () => {
    expect(windowTitle('Switchboard', 2)).toBe('(2) Switchboard');
    expect(windowTitle('Switchboard', 0)).toBe('Switchboard');
  });

  it('reports each decision as arriving once', () => {
    const seen = new Set<string>();
    expect(arrivals(seen, items).map((i) => i.id)).toEqual(['a2', 'e1', 'a1', 's1']);
    expect(arrivals(seen, items)).toEqual([]);
    const next = pendingItems([approval('a3', 'chat-1', 50)], [], []);
    expect(arrivals(seen, next).map((i) => i.id)).toEqual(['a3']);
  });
});
