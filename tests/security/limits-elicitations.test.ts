/**
 * One server asking for input 25 times at once (a real stdio fixture, MRTR): at most 3 requests are on screen, the
 * rest wait in order, those beyond 20 are refused with an MCP error the server sees, and the server log says so.
 * Changes reach the renderer as deltas of one request each, never the whole list again.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PendingElicitation } from '../../shared/elicitation.ts';
import { moduleLifecycle, waitForState } from '../integration/module-harness.ts';

const heavy = join(import.meta.dirname, '..', 'fixtures', 'servers', 'heavy.ts');

describe('limits: elicitations per server', () => {
  const { dataDir, start } = moduleLifecycle({ beforeEach, afterEach });

  /** The most requests shown at once, replaying the deltas the renderer received. */
  const mostShown = (events: { name: string; payload: unknown }[]) => {
    const shown = new Set<string>();
    let most = 0;
    for (const event of events) {
      if (event.name !== 'elicitations.delta') continue;
      const delta = event.payload as { added: PendingElicitation[]; removed: string[] };
      for (const id of delta.removed) shown.delete(id);
      for (const added of delta.added) shown.add(added.id);
      most = Math.max(most, shown.size);
    }
    return most;
  };

  const startHeavy = async () => {
    await writeFile(join(dataDir(), 'servers.json'), JSON.stringify({ mcpServers: { heavy: { command: process.execPath, args: [heavy] } } }));
    const opened = await start();
    await waitForState(opened.module, 'heavy', ['ready']);
    const tool = opened.module.tools.listTools().find((t) => t.serverId === 'heavy' && t.toolName === 'ask_many');
    if (!tool) throw new Error('ask_many not listed');
    return { ...opened, tool: tool.exposedName };
  };

  it('25 simultaneous requests from one server: never more than 3 shown, 5 refused with an MCP error the user and the log see', async () => {
    const { module, events, tool } = await startHeavy();
    const result = await module.tools.callTool(tool, { count: 25 }, { chatId: 'chat-1' });
    // All 25 came in one round (MRTR), so the refusal fails the round: the call ends with the reason, nothing stays pending.
    expect(result.ok ? result.value : result.error).toMatchObject({ message: expect.stringContaining('Too many requests for user input: heavy already has 20 waiting (the limit is 20)') as unknown });
    expect(mostShown(events)).toBe(3);
    await expect.poll(() => module.elicitations.list()).toEqual([]);
    const logs = await module.api['servers.logs']({ id: 'heavy' });
    const notes = logs.ok ? logs.value.filter((line) => line.stream === 'host').map((line) => line.text) : [];
    expect(notes.filter((text) => text.includes('Too many requests for user input'))).toHaveLength(5);
    expect(notes.some((text) => text.includes('further requests wait until one is answered'))).toBe(true);
  });

  it('8 simultaneous requests: 3 on screen, each answer brings the next queued one, all 8 answers reach the server', async () => {
    const { module, events, tool } = await startHeavy();
    const call = module.tools.callTool(tool, { count: 8 }, { chatId: 'chat-1' });
    await expect.poll(() => module.elicitations.list().length).toBe(3);
    const answered = new Set<string>();
    while (answered.size < 8) {
      await expect.poll(() => module.elicitations.list().length, { timeout: 20_000 }).toBeGreaterThan(0);
      const next = module.elicitations.list()[0] as PendingElicitation;
      expect(module.elicitations.answer(next.id, { action: 'accept', content: { answer: next.message } })).toBe(true);
      answered.add(next.message);
    }
    const result = await call;
    expect(result.ok && result.value.content).toEqual([{ type: 'text', text: JSON.stringify({ accept: 8 }) }]);
    expect(mostShown(events)).toBe(3);
    // Each push names one added or removed request: the renderer is never sent the whole list again.
    const deltas = events.filter((e) => e.name === 'elicitations.delta').map((e) => e.payload as { added: unknown[]; removed: unknown[] });
    expect(deltas).toHaveLength(16);
    expect(deltas.every((d) => d.added.length + d.removed.length === 1)).toBe(true);
  });
});
