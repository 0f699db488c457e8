import { describe, expect, it } from 'vitest';
import type { PendingApproval } from '../../shared/chat.ts';
import { defaultSettings } from '../../shared/settings.ts';
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

function setup(focused: { value: boolean }, language?: { setting?: string; system?: string }) {
  const hub = new HostEventHub();
  const shown: AttentionNotice[] = [];
  const opened: { chatId?: string; approvalId?: string }[] = [];
  watchAttention({
    subscribe: (listener) => hub.subscribe(listener),
    isFocused: () => focused.value,
    notify: (n) => shown.push(n),
    open: (t) => opened.push(t),
    ...(language?.setting ? { language: language.setting } : {}),
    ...(language?.system ? { systemLocale: () => language.system ?? '' } : {}),
  });
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

  it("speaks the app's language: the setting, the system's for 'system', and a change made while it runs", () => {
    const { hub, shown } = setup({ value: false }, { setting: 'vi', system: 'en-US' });
    hub.emit('approvals.changed', [approval('a1', 'chat-1')]);
    expect(shown.map((n) => [n.title, n.body])).toEqual([['Một công cụ đang chờ bạn cho phép', 'Chạy Get Sum của everything?']]);
    hub.emit('settings.changed', { ...defaultSettings, language: 'zh-CN', hasApiKey: false, secretStorage: 'file' });
    hub.emit('sampling.changed', [{ id: 's1', serverId: 'writer', createdAt: 1, expiresAt: 2, stage: 'request', messages: [], maxTokens: 100 }]);
    expect(shown.at(-1)).toMatchObject({ title: '有服务器想使用模型', body: 'writer 想使用模型' });

    const system = setup({ value: false }, { setting: 'system', system: 'vi-VN' });
    system.hub.emit('elicitations.delta', { added: [{ id: 'e1', serverId: 'forms', message: 'Tên bạn?', createdAt: 1, expiresAt: 2, mode: 'form', requestedSchema: { type: 'object', properties: {} } }], removed: [] });
    expect(system.shown.map((n) => [n.title, n.body])).toEqual([['Một máy chủ cần bạn nhập thông tin', 'forms hỏi: Tên bạn?']]);
  });

  it('notifies an elicitation tied to no chat; its click opens the Servers view (no chat id)', () => {
    const { hub, shown, opened } = setup({ value: false });
    hub.emit('elicitations.delta', { added: [{ id: 'e1', serverId: 'forms', message: 'Your name?', createdAt: 1, expiresAt: 2, mode: 'form', requestedSchema: { type: 'object', properties: {} } }], removed: [] });
    expect(shown.map((n) => [n.title, n.body])).toEqual([['A server asks for your input', 'forms asks: Your name?']]);
    shown[0]?.onClick();
    expect(opened).toEqual([{}]);
  });
});
