import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/chat.ts';
import { MessageSaver } from './messageSaver.ts';

const message = (): ChatMessage => ({ id: 'm1', chatId: 'c1', role: 'assistant', blocks: [], status: 'streaming', createdAt: 1, updatedAt: 1 });

/** A writer that records what each write held (the blocks' JSON at the time of the write). */
function recorder() {
  const writes: string[] = [];
  return { writes, writer: { saveMessage: (m: ChatMessage) => void writes.push(`${m.status}:${JSON.stringify(m.blocks)}`) } };
}

describe('MessageSaver', () => {
  it('writes the saves asked for in one burst once, when the burst is over', async () => {
    const { writes, writer } = recorder();
    const saver = new MessageSaver(writer, () => {});
    const m = message();
    m.blocks.push({ type: 'text', text: 'first' });
    saver.soon(m);
    m.blocks.push({ type: 'text', text: 'second' });
    saver.soon(m);
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['streaming:[{"type":"text","text":"first"},{"type":"text","text":"second"}]']);
  });

  it('never writes a block that started after the save was asked for (it is in flight)', async () => {
    const { writes, writer } = recorder();
    const saver = new MessageSaver(writer, () => {});
    const m = message();
    m.blocks.push({ type: 'text', text: 'done' });
    saver.soon(m);
    m.blocks.push({ type: 'text', text: 'half a sen' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['streaming:[{"type":"text","text":"done"}]']);
  });

  it('writes a waiting save before a save now and before a flush, never twice', () => {
    const { writes, writer } = recorder();
    const saver = new MessageSaver(writer, () => {});
    const other = { ...message(), id: 'm0', status: 'complete' as const };
    saver.soon(other);
    const m = message();
    saver.soon(m);
    m.status = 'complete';
    saver.now(m);
    expect(writes).toEqual(['complete:[]', 'complete:[]']);
    saver.flush();
    expect(writes).toHaveLength(2);
  });

  it('reports a failed write made at the end of a burst instead of throwing it into the event loop', async () => {
    const failures: unknown[] = [];
    const saver = new MessageSaver({ saveMessage: () => { throw new Error('disk full'); } }, (cause) => failures.push(cause));
    saver.soon(message());
    await new Promise((resolve) => setImmediate(resolve));
    expect(String(failures[0])).toContain('disk full');
  });

  it('holds an event shown while a save waits and sends it, as it was shown, right after that save, in order', async () => {
    const log: string[] = [];
    const writer = { saveMessage: (m: ChatMessage) => void log.push(`write ${m.status}`) };
    const saver = new MessageSaver<{ text: string }>(writer, () => {}, (e) => log.push(`show ${e.text}`), (e) => ({ ...e }));
    saver.show({ text: 'nothing waits: at once' });
    const m = message();
    saver.soon(m);
    const live = { text: 'block end' };
    saver.show(live);
    live.text = 'changed later';
    saver.show({ text: 'next' });
    expect(log).toEqual(['show nothing waits: at once']);
    m.status = 'complete';
    saver.now(m);
    saver.show({ text: 'after' });
    expect(log).toEqual(['show nothing waits: at once', 'write complete', 'show block end', 'show next', 'show after']);
    saver.soon(m);
    saver.show({ text: 'end of burst' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.slice(5)).toEqual(['write complete', 'show end of burst']);
  });
});
