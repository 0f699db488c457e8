import { describe, expect, it } from 'vitest';
import type { PendingApproval } from '../../shared/chat.ts';
import { HostEventHub } from '../host/events.ts';
import { watchAttention, type AttentionNotice } from './attentionNotifications.ts';

const approval = (id: string, chatId: string): PendingApproval => ({
  id,
  chatId,
  toolCallId: `call-${id}`,
  serverId: 'everything',
  toolName: 'get-sum',
  exposedName: 'everything__get-sum',
  title: 'Get Sum',
  input: { a: 2, b: 3 },
  destructive: false,
  readOnly: true,
  createdAt: 1,
});

function setup(focused: { value: boolean }) {
  const hub = new HostEventHub();
  const shown: AttentionNotice[] = [];
  const opened: { chatId?: string; approvalId?: string }[] = [];
  watchAttention({ subscribe: (listener) => hub.subscribe(listener), isFocused: () => focused.value, notify: (n) => shown.push(n), open: (t) => opened.push(t) });
  return { hub, shown, opened };
}

describe('desktop attention notifications', () => {
  it('notifies each new approval once while the window is in the background; the click opens its chat', () => {
    const { hub, shown, opened } = setup({ value: false });
    hub.emit('approvals.changed', [approval('a1', 'chat-1')]);
    hub.emit('approvals.changed', [approval('a1', 'chat-1')]);
    expect(shown.map((n) => [n.title, n.body])).toEqual([['A tool waits for your approval', 'Run Get Sum from everything?']]);
    shown[0]?.onClick();
    expect(opened).toEqual([{ chatId: 'chat-1', approvalId: 'a1' }]);
  });

  it('stays quiet while the window has focus, and for decisions already seen', () => {
    const focused = { value: true };
    const { hub, shown } = setup(focused);
    hub.emit('approvals.changed', [approval('a1', 'chat-1')]);
    focused.value = false;
    hub.emit('approvals.changed', [approval('a1', 'chat-1'), approval('a2', 'chat-2')]);
    expect(shown.map((n) => n.body)).toEqual(['Run Get Sum from everything?']);
    expect(shown).toHaveLength(1);
  });

  it('notifies an elicitation tied to no chat; its click opens the Servers view (no chat id)', () => {
    const { hub, shown, opened } = setup({ value: false });
    hub.emit('elicitations.delta', { added: [{ id: 'e1', serverId: 'forms', message: 'Your name?', createdAt: 1, expiresAt: 2, mode: 'form', requestedSchema: { type: 'object', properties: {} } }], removed: [] });
    expect(shown.map((n) => [n.title, n.body])).toEqual([['A server asks for your input', 'forms asks: Your name?']]);
    shown[0]?.onClick();
    expect(opened).toEqual([{}]);
  });
});
