import { describe, expect, it } from 'vitest';
import type { Bridge, CallName, EventName, HostEvents } from '../../../shared/contract.ts';
import type { ChatMessage, ChatPage, ChatStreamEvent, ChatSummary } from '../../../shared/chat.ts';
import { ok, type Result } from '../../../shared/errors.ts';
import { createAppStore } from './index.ts';

const summary = (id: string, title = id): ChatSummary => ({ id, title, titleLocked: false, model: 'claude-test', createdAt: 1, updatedAt: 1, messageCount: 0 });
const message = (id: string, role: ChatMessage['role'], text: string, createdAt: number): ChatMessage => ({
  id,
  chatId: 'c1',
  role,
  blocks: [{ type: 'text', text }],
  status: 'complete',
  createdAt,
  updatedAt: createdAt,
});

/** A scripted host: answers calls from a handler map, lets the test emit events, records every call. */
function fakeHost(handlers: Partial<Record<CallName, (params: unknown) => unknown>>) {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const calls: { name: CallName; params: unknown }[] = [];
  const pending: (() => void)[] = [];
  let hold = false;
  const bridge: Bridge = {
    invoke: (name, params) => {
      calls.push({ name, params });
      const value = handlers[name]?.(params) ?? (name === 'chats.list' ? [] : null);
      const result = ok(value) as Result<never>;
      if (!hold) return Promise.resolve(result);
      return new Promise((resolve) => pending.push(() => resolve(result)));
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  return {
    bridge,
    calls,
    emit<E extends EventName>(event: E, payload: HostEvents[E]) {
      for (const l of listeners.get(event) ?? []) (l as (p: HostEvents[E]) => void)(payload);
    },
    /** While held, calls wait until release() (to race events against a page load). */
    hold() {
      hold = true;
    },
    release() {
      hold = false;
      for (const resolve of pending.splice(0)) resolve();
    },
  };
}

/** A schedule the test flushes by hand, standing in for animation frames. */
function manualFrames() {
  const queued: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => {
      queued.push(flush);
      return () => {
        const i = queued.indexOf(flush);
        if (i >= 0) queued.splice(i, 1);
      };
    },
    frame: () => queued.splice(0).forEach((f) => f()),
  };
}

const flushPromises = () => new Promise((r) => setTimeout(r, 0));

const page: ChatPage = {
  chat: summary('c1', 'Sums'),
  messages: [message('m3', 'user', 'add 2 and 3', 3), message('m4', 'assistant', 'The sum', 4)],
  olderCursor: 'cursor-m3',
};

describe('chats slice', () => {
  it('mirrors the chat list: loaded on bind, replaced whole by chats.changed', async () => {
    const host = fakeHost({ 'chats.list': () => [summary('a'), summary('b')] });
    const store = createAppStore();
    store.getState().bindChats(host.bridge);
    await flushPromises();
    expect(store.getState().chatList.map((c) => c.id)).toEqual(['a', 'b']);
    host.emit('chats.changed', [summary('b', 'renamed')]);
    expect(store.getState().chatList).toEqual([summary('b', 'renamed')]);
  });

  it('opens a chat page and applies stream events once per frame, in order', async () => {
    const host = fakeHost({ 'chats.get': () => page, 'chat.state': () => ({ chatId: 'c1', generating: true }) });
    const frames = manualFrames();
    const store = createAppStore();
    store.getState().bindChats(host.bridge, { schedule: frames.schedule });
    await store.getState().openChat('c1');
    expect(host.calls.find((c) => c.name === 'chats.get')?.params).toEqual({ chatId: 'c1', limit: 50 });

    const reply: ChatMessage = { ...message('m5', 'assistant', '', 5), status: 'streaming' };
    const events: ChatStreamEvent[] = [
      { type: 'message', chatId: 'c1', message: reply },
      { type: 'text_delta', chatId: 'c1', messageId: 'm5', index: 0, text: 'Hel' },
      { type: 'text_delta', chatId: 'c1', messageId: 'm5', index: 0, text: 'lo' },
      { type: 'thinking_delta', chatId: 'c1', messageId: 'm5', index: 1, text: 'hmm' },
      { type: 'block', chatId: 'c1', messageId: 'm5', index: 2, block: { type: 'tool_call', id: 't1', exposedName: 'e__sum', serverId: 'e', toolName: 'sum', input: {}, status: 'streaming_input', destructive: false } },
      { type: 'tool_input_delta', chatId: 'c1', messageId: 'm5', index: 2, partialJson: '{"a":' },
      { type: 'tool_input_delta', chatId: 'c1', messageId: 'm5', index: 2, partialJson: ' 2}' },
      { type: 'text_delta', chatId: 'other', messageId: 'x', index: 0, text: 'not open' },
    ];
    let renders = 0;
    const off = store.subscribe(() => renders++);
    for (const e of events) host.emit('chat.stream', e);
    expect(store.getState().openChats.c1?.messages).toHaveLength(2); // nothing applied before the frame
    frames.frame();
    off();
    expect(renders).toBe(1);
    const blocks = store.getState().openChats.c1?.messages[2]?.blocks;
    expect(blocks?.[0]).toEqual({ type: 'text', text: 'Hello' });
    expect(blocks?.[1]).toEqual({ type: 'thinking', thinking: 'hmm' });
    expect(blocks?.[2]).toMatchObject({ type: 'tool_call', partialInput: '{"a": 2}' });
    expect(store.getState().openChats.other).toBeUndefined();

    host.emit('chat.stream', { type: 'run_state', chatId: 'c1', state: { chatId: 'c1', generating: false, notice: 'max_tokens' } });
    host.emit('chat.stream', { type: 'message', chatId: 'c1', message: { ...reply, blocks: [{ type: 'text', text: 'Hello!' }], status: 'complete' } });
    frames.frame();
    const open = store.getState().openChats.c1;
    expect(open?.run).toEqual({ chatId: 'c1', generating: false, notice: 'max_tokens' });
    expect(open?.messages[2]?.blocks).toEqual([{ type: 'text', text: 'Hello!' }]);
  });

  it('keeps replacements that race a page load and drops deltas the page may already hold', async () => {
    const host = fakeHost({ 'chats.get': () => page, 'chat.state': () => ({ chatId: 'c1', generating: true }) });
    const frames = manualFrames();
    const store = createAppStore();
    store.getState().bindChats(host.bridge, { schedule: frames.schedule });
    host.hold();
    const opening = store.getState().openChat('c1');
    host.emit('chat.stream', { type: 'block', chatId: 'c1', messageId: 'm4', index: 0, block: { type: 'text', text: 'The sum is 5' } });
    host.emit('chat.stream', { type: 'text_delta', chatId: 'c1', messageId: 'm4', index: 0, text: ' (dup?)' });
    frames.frame();
    host.release();
    await opening;
    expect(store.getState().openChats.c1?.messages[1]?.blocks).toEqual([{ type: 'text', text: 'The sum is 5' }]);
  });

  it('loads older pages before the loaded ones, then stops when there are none', async () => {
    const older: ChatPage = { chat: page.chat, messages: [message('m1', 'user', 'hi', 1), message('m2', 'assistant', 'hello', 2)] };
    const host = fakeHost({ 'chats.get': (p) => ((p as { before?: string }).before ? older : page), 'chat.state': () => ({ chatId: 'c1', generating: false }) });
    const store = createAppStore();
    store.getState().bindChats(host.bridge);
    await store.getState().openChat('c1');
    await store.getState().loadOlderMessages('c1');
    expect(host.calls.filter((c) => c.name === 'chats.get').at(-1)?.params).toEqual({ chatId: 'c1', before: 'cursor-m3', limit: 50 });
    const open = store.getState().openChats.c1;
    expect(open?.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(open?.olderCursor).toBeUndefined();
    await store.getState().loadOlderMessages('c1');
    expect(host.calls.filter((c) => c.name === 'chats.get')).toHaveLength(2);
  });

  it('sends, creates and deletes through the host', async () => {
    const host = fakeHost({ 'chats.list': () => [summary('old')], 'chats.create': () => summary('new'), 'chat.send': () => ({ messageId: 'm9' }) });
    const store = createAppStore();
    store.getState().bindChats(host.bridge);
    await flushPromises();
    const created = await store.getState().createChat('claude-x');
    expect(created.ok).toBe(true);
    expect(store.getState().chatList.map((c) => c.id)).toEqual(['new', 'old']);
    await store.getState().sendMessage('new', 'hello', { attachments: [{ serverId: 'fs', uri: 'file:///a.txt' }], model: 'claude-x' });
    expect(host.calls.find((c) => c.name === 'chat.send')?.params).toEqual({ chatId: 'new', text: 'hello', attachments: [{ serverId: 'fs', uri: 'file:///a.txt' }], model: 'claude-x' });
    await store.getState().deleteChat('new');
    expect(store.getState().chatList.map((c) => c.id)).toEqual(['old']);
    expect(store.getState().openChats.new).toBeUndefined();
  });
});
