import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingElicitation } from '../../../shared/elicitation.ts';
import { HostEventHub } from '../events.ts';
import { createElicitationBroker, defaultElicitationTimeoutMs } from './broker.ts';

function setup() {
  const events = new HostEventHub();
  const changes: PendingElicitation[][] = [];
  events.subscribe((event, payload) => {
    if (event === 'elicitations.changed') changes.push(payload as PendingElicitation[]);
  });
  return { broker: createElicitationBroker(events), changes };
}

const form = { type: 'object' as const, properties: { name: { type: 'string' as const } }, required: ['name'] };

describe('createElicitationBroker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the user answer back to the server and pushes the pending list on every change', async () => {
    const { broker, changes } = setup();
    const answer = broker.request({ serverId: 'srv', chatId: 'chat-1', message: 'Your name?', mode: 'form', requestedSchema: form });
    const [pending] = broker.list();
    expect(pending).toMatchObject({ serverId: 'srv', chatId: 'chat-1', mode: 'form', message: 'Your name?', requestedSchema: form });
    expect(pending && pending.expiresAt - pending.createdAt).toBe(defaultElicitationTimeoutMs);
    expect(broker.answer(pending?.id ?? '', { action: 'accept', content: { name: 'Ada' } })).toBe(true);
    await expect(answer).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(broker.answer(pending?.id ?? '', { action: 'decline' })).toBe(false);
    expect(changes.map((list) => list.length)).toEqual([1, 0]);
  });

  it('cancels a request nobody answers within ten minutes by default', async () => {
    vi.useFakeTimers();
    const { broker } = setup();
    const answer = broker.request({ serverId: 'srv', message: 'Open this', mode: 'url', url: 'https://example.com/auth' });
    vi.advanceTimersByTime(defaultElicitationTimeoutMs - 1);
    expect(broker.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(answer).resolves.toEqual({ action: 'cancel' });
    expect(broker.list()).toHaveLength(0);
  });

  it('cancelAll(chatId) cancels only that chat, and an abort cancels its request', async () => {
    const { broker } = setup();
    const a = broker.request({ serverId: 's', chatId: 'chat-1', message: 'a', mode: 'form', requestedSchema: form });
    const b = broker.request({ serverId: 's', chatId: 'chat-2', message: 'b', mode: 'form', requestedSchema: form });
    broker.cancelAll('chat-1');
    await expect(a).resolves.toEqual({ action: 'cancel' });
    expect(broker.list().map((p) => p.chatId)).toEqual(['chat-2']);
    const controller = new AbortController();
    const c = broker.request({ serverId: 's', message: 'c', mode: 'form', requestedSchema: form }, { signal: controller.signal });
    controller.abort();
    await expect(c).resolves.toEqual({ action: 'cancel' });
    broker.cancelAll();
    await expect(b).resolves.toEqual({ action: 'cancel' });
    expect(broker.list()).toEqual([]);
  });
});
