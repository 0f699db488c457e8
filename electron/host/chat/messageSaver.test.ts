import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/chat.ts';
import { MessageSaver } from './messageSaver.ts';

// The saver writes at the check phase of the loop turn after the one that asked (queued from a tick): a third check
// phase is after it.
const afterBurst = async () => {
  for (let check = 0; check < 3; check++) await new Promise((resolve) => setImmediate(resolve));
};

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
    await afterBurst();
    expect(writes).toEqual(['streaming:[{"type":"text","text":"first"},{"type":"text","text":"second"}]']);
  });

  it("waits one loop turn more: what that turn brings without waiting for I/O (the stream's next read) joins the write", async () => {
    const { writes, writer } = recorder();
    const saver = new MessageSaver(writer, () => {});
    const m = message();
    m.blocks.push({ type: 'text', text: 'first' });
    saver.soon(m);
    // The next read of the stream, handled in the next loop turn (a check phase later, as a pending setImmediate lets
    // the loop poll without waiting): it finishes the message.
    setImmediate(() =>
      setImmediate(() => {
        m.blocks.push({ type: 'text', text: 'second' });
        m.status = 'complete';
        saver.soon(m);
      }),
    );
    await afterBurst();
    expect(writes).toEqual(['complete:[{"type":"text","text":"first"},{"type":"text","text":"second"}]']);
  });

  it('never writes a block that started after the save was asked for (it is in flight)', async () => {
    const { writes, writer } = recorder();
    const saver = new MessageSaver(writer, () => {});
    const m = message();
    m.blocks.push({ type: 'text', text: 'done' });
    saver.soon(m);
    m.blocks.push({ type: 'text', text: 'half a sen' });
    await afterBurst();
    expect(writes).toEqual(['streaming:[{"type":"text","text":"done"}]']);
  });

  it('writes a block end and a call starting on a later tick of the same loop turn (the stream ended between) once', async () => {
    const { writes, writer } = recorder();
    const saver = new MessageSaver(writer, () => {});
    const m = message();
    m.blocks.push({ type: 'tool_call', id: 't1', exposedName: 'echo', serverId: 's', toolName: 'echo', input: {}, status: 'awaiting_approval', destructive: true });
    saver.soon(m);
    // The stream's end reaches the run a few ticks and promise jobs later, without new I/O; the run starts the call,
    // which may change things, so it is committed running before it is dispatched.
    await new Promise<void>((resolve) => process.nextTick(resolve));
    await new Promise<void>((resolve) => process.nextTick(resolve));
    const call = m.blocks[0];
    if (call?.type === 'tool_call') call.status = 'running';
    saver.soon(m);
    saver.flush();
    await afterBurst();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('"status":"running"');
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
    await afterBurst();
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
    await afterBurst();
    expect(log.slice(5)).toEqual(['write complete', 'show end of burst']);
  });

  it('inserts a new message at the end of the burst after the saves before it, folding its later saves into the insert', async () => {
    const log: string[] = [];
    const writer = {
      saveMessage: (m: ChatMessage) => void log.push(`save ${m.id} ${m.status}`),
      insertMessage: (m: ChatMessage, parentId?: string | null) => void log.push(`insert ${m.id} under ${String(parentId)} ${JSON.stringify(m.blocks)}`),
    };
    const saver = new MessageSaver<string>(writer, () => {}, (e) => log.push(`show ${e}`));
    const previous = { ...message(), id: 'm0', status: 'complete' as const };
    saver.soon(previous);
    saver.show('m0 complete');
    const next = message();
    saver.insertSoon(next, 'm0');
    saver.show('m1 started');
    next.blocks.push({ type: 'text', text: 'first block' });
    saver.soon(next);
    // The run's request is written from a setImmediate queued in the same burst (undici's socket check): it goes first.
    void Promise.resolve().then(() => setImmediate(() => log.push('request written')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['request written', 'save m0 complete', 'insert m1 under m0 [{"type":"text","text":"first block"}]', 'show m0 complete', 'show m1 started']);
  });

  it('writes an insert still waiting before a save now of the same message', () => {
    const log: string[] = [];
    const writer = { saveMessage: (m: ChatMessage) => void log.push(`save ${m.status}`), insertMessage: (m: ChatMessage) => void log.push(`insert ${m.status}`) };
    const saver = new MessageSaver(writer, () => {});
    const m = message();
    saver.insertSoon(m, null);
    m.status = 'error';
    saver.now(m);
    expect(log).toEqual(['insert streaming', 'save error']);
  });

  it('writes the saves and inserts of several messages waiting in one burst in one transaction', async () => {
    const log: string[] = [];
    const writer = {
      saveMessage: (m: ChatMessage) => void log.push(`save ${m.id}`),
      insertMessage: (m: ChatMessage) => void log.push(`insert ${m.id}`),
      inTransaction: <T>(fn: () => T): T => {
        log.push('begin');
        const result = fn();
        log.push('commit');
        return result;
      },
    };
    const saver = new MessageSaver(writer, () => {});
    saver.soon({ ...message(), id: 'm0', status: 'complete' });
    saver.insertSoon(message(), 'm0');
    await new Promise((resolve) => setTimeout(resolve, 20));
    saver.soon(message());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['begin', 'save m0', 'insert m1', 'commit', 'save m1']);
  });
  it('copies each event once: at once when nothing waits, and a held event is sent as the copy taken when it was shown', async () => {
    const sent: { text: string }[] = [];
    let copies = 0;
    const copy = (e: { text: string }) => {
      copies++;
      return { ...e };
    };
    const saver = new MessageSaver<{ text: string }>({ saveMessage: () => {} }, () => {}, (e) => void sent.push(e), copy);
    const first = { text: 'at once' };
    saver.show(first);
    saver.soon(message());
    const held = { text: 'held' };
    saver.show(held);
    held.text = 'changed later';
    await afterBurst();
    expect(sent).toEqual([{ text: 'at once' }, { text: 'held' }]);
    expect(sent[0]).not.toBe(first);
    expect(copies).toBe(2);
  });
});

