/**
 * History through the contract: list (recent first, paged), search, rename (locks the title), delete, export as
 * Markdown and JSON, paging a chat's messages; and an unreadable history.db moved aside with a notice in app.info.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dispatchCall } from '../../shared/dispatch.ts';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { listPushed, startHost, tempDataDir, value, type HostUnderTest } from './chat-harness.ts';

let llm: ScriptedLlm | undefined;
let target: HostUnderTest | undefined;
let data: ReturnType<typeof tempDataDir> | undefined;
afterEach(async () => {
  await target?.host.shutdown();
  await llm?.close();
  data?.remove();
  target = undefined;
});

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

describe('chat history through the contract', () => {
  it('lists, searches, renames, pages, exports and deletes chats', async () => {
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [reply('Paris is the capital.'), reply('Use a ` fence ``` inside.'), reply('third'), reply('fourth')] });
    data = tempDataDir();
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    const api = target.api;
    const trip = value(await api['chats.create']({}));
    value(await api['chat.send']({ chatId: trip.id, text: 'What is the capital of France?' }));
    await target.log.runEnd(trip.id);
    const code = value(await api['chats.create']({ model: 'claude-opus-5-5' }));
    value(await api['chat.send']({ chatId: code.id, text: '  \n  Show me\tcode fences  ' }));
    await target.log.runEnd(code.id);

    expect(value(await api['chats.list']({})).map((c) => c.title)).toEqual(['Show me code fences', 'What is the capital of France?']);
    expect(value(await api['chats.list']({ limit: 1, offset: 1 })).map((c) => c.id)).toEqual([trip.id]);
    expect(value(await api['chats.list']({ query: 'PARIS' })).map((c) => c.id)).toEqual([trip.id]);
    expect(value(await api['chats.list']({ query: 'nothing like this' }))).toEqual([]);

    const renamed = value(await api['chats.rename']({ chatId: trip.id, title: 'France trip' }));
    expect(renamed).toMatchObject({ title: 'France trip', titleLocked: true });
    value(await api['chat.send']({ chatId: trip.id, text: 'another question' }));
    await target.log.runEnd(trip.id);
    expect(value(await api['chats.list']({}))[0]).toMatchObject({ id: trip.id, title: 'France trip', messageCount: 4 });
    // The sidebar mirror: the latest 'chats.changed' carries the same list.
    await listPushed();
    const changed = target.log.all.filter((r) => r.event === 'chats.changed').at(-1)?.payload;
    expect(changed).toEqual(value(await api['chats.list']({})));

    const newest = value(await api['chats.get']({ chatId: trip.id, limit: 2 }));
    expect(newest.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const older = value(await api['chats.get']({ chatId: trip.id, limit: 2, before: newest.olderCursor }));
    expect(older.messages[0]?.blocks[0]).toEqual({ type: 'text', text: 'What is the capital of France?' });
    expect(older.olderCursor).toBeUndefined();
    const badCursor = await dispatchCall(api, 'chats.get', { chatId: trip.id, before: 'yesterday' });
    expect(badCursor.ok ? '' : badCursor.error.field).toBe('before');

    const md = value(await api['chats.export']({ chatId: code.id, format: 'markdown' }));
    expect(md).toMatchObject({ filename: 'Show me code fences.md', mimeType: 'text/markdown' });
    expect(md.content).toContain('# Show me code fences');
    expect(md.content).toContain('Use a ` fence ``` inside.');
    expect(md.content).toContain('Model: claude-opus-5-5');
    const json = value(await api['chats.export']({ chatId: code.id, format: 'json' }));
    const parsed = JSON.parse(json.content) as { format: string; chat: { id: string }; messages: { role: string }[] };
    expect(parsed.format).toBe('switchboard-chat');
    expect(parsed.chat.id).toBe(code.id);
    expect(parsed.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(llm.messageRequests()[1]?.body?.model).toBe('claude-opus-5-5');

    value(await api['chats.delete']({ chatId: code.id }));
    expect(value(await api['chats.list']({})).map((c) => c.id)).toEqual([trip.id]);
    const gone = await api['chats.get']({ chatId: code.id });
    expect(gone.ok ? '' : gone.error.code).toBe('not_found');
  });

  it('moves an unreadable history.db aside, starts fresh, and tells the user through app.info', async () => {
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [reply('fresh start works')] });
    data = tempDataDir();
    writeFileSync(join(data.dir, 'history.db'), 'precious but damaged bytes '.repeat(500));
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    const info = value(await target.api['app.info']({}));
    expect(info.storageNotices?.map((n) => `${n.kind} ${n.keptAs}`).join('\n')).toMatch(/history_moved_aside history\.db\.corrupt-/);
    const aside = readdirSync(data.dir).find((f) => f.startsWith('history.db.corrupt-'));
    expect(aside && readFileSync(join(data.dir, aside), 'utf8')).toContain('precious but damaged bytes');
    const chat = value(await target.api['chats.create']({}));
    value(await target.api['chat.send']({ chatId: chat.id, text: 'hello' }));
    expect((await target.log.runEnd(chat.id)).error).toBeUndefined();
  });
});
