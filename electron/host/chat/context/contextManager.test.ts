import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatMessage } from '../../../../shared/chat.ts';
import { defaultSettings, type Settings } from '../../../../shared/settings.ts';
import { silentLogger } from '../../environment.ts';
import { openHistoryDatabase } from '../../store/database.ts';
import { ChatRepository } from '../../store/chatRepository.ts';
import { SummaryStore } from '../../store/historyWindow.ts';
import { memorySecretStore } from '../../store/memorySecretStore.ts';
import { countTokens, startScriptedLlm } from '../../../../tests/fixtures/scriptedLlm/index.ts';
import { AnthropicProvider, apiKeySecret } from '../provider.ts';
import { ContextManager, droppedNotice } from './contextManager.ts';
import { estimateRequestTokens } from './estimate.ts';

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  await Promise.all(closers.splice(0).map((close) => close()));
});

// A chat of `turns` question/answer pairs of ~300 tokens each, in a real SQLite file; no API key unless given (no summaries possible).
function setup(turns: number, apiKey?: string, text: (i: number) => string = (i) => `${i}: ${'w'.repeat(1000)}`) {
  const dir = mkdtempSync(join(tmpdir(), 'sb-context-unit-'));
  dirs.push(dir);
  const { db } = openHistoryDatabase(join(dir, 'history.db'), silentLogger);
  const repo = new ChatRepository(db);
  repo.createChat('c', 'chat', 'claude-sonnet-5-5', 1);
  for (let i = 0; i < turns * 2; i++) {
    const message: ChatMessage = { id: `m${i}`, chatId: 'c', role: i % 2 === 0 ? 'user' : 'assistant', blocks: [{ type: 'text', text: text(i) }], status: 'complete', createdAt: i, updatedAt: i };
    repo.insertMessage(message);
  }
  const context = new ContextManager({ repo, summaries: new SummaryStore(() => db), provider: new AnthropicProvider(memorySecretStore(apiKey ? { [apiKeySecret]: apiKey } : {})), logger: silentLogger });
  return { db, repo, context };
}

const settings: Settings = { ...defaultSettings, contextWindow: 6_000, maxTokens: 1_000, contextManagement: 'host' };
const options = { tools: [], settings, model: 'claude-sonnet-5-5', signal: new AbortController().signal };

describe('context manager', () => {
  it('sends a chat that fits whole, read from the newest page back', async () => {
    const { context } = setup(5);
    const history: ChatMessage[] = [];
    const run = await context.load('c', settings, options.model, history);
    expect(history.map((m) => m.id)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
    const prepared = await context.prepare(run, options);
    expect(prepared.kind === 'ready' ? prepared.usage : undefined).toMatchObject({ clearedToolResults: 0, summarizedMessages: 0, droppedMessages: 0, counted: 'estimate' });
  });

  it('sizes a Chinese chat by its characters, not at a third of them, and keeps it within the window', async () => {
    // 10 messages of 600 Chinese characters: about 6,000 tokens, over the 4,850-token budget. Counted as characters / 3.5
    // (1,700 tokens) the chat "fitted" below the 60 % share where the API's count would check it, and was sent whole.
    const { context } = setup(5, undefined, (i) => `${i}：${'我们讨论项目的进展。'.repeat(60)}`);
    const history: ChatMessage[] = [];
    const run = await context.load('c', settings, options.model, history);
    const prepared = await context.prepare(run, options);
    if (prepared.kind !== 'ready') throw new Error(`not ready: ${prepared.kind}`);
    expect(prepared.usage.droppedMessages).toBeGreaterThan(0);
    const { budget } = context.budget(settings, options.model);
    expect(prepared.usage.inputTokens).toBeLessThanOrEqual(budget);
    // Every character the request carries is counted: the Chinese text alone stays within the budget.
    const chinese = JSON.stringify(prepared.request.messages).match(/[\u4e00-\u9fff]/g)?.length ?? 0;
    expect(chinese).toBeLessThanOrEqual(budget);
  });

  it('leaves older turns out with a notice when no summary can be made, and stays within the window', async () => {
    const { context } = setup(40);
    const history: ChatMessage[] = [];
    const run = await context.load('c', settings, options.model, history);
    // Only about twice the window is read, not the whole chat.
    expect(history.length).toBeLessThan(80);
    expect(history.at(-1)?.id).toBe('m79');
    const prepared = await context.prepare(run, options);
    if (prepared.kind !== 'ready') throw new Error(`not ready: ${prepared.kind}`);
    const sent = JSON.stringify(prepared.request.messages);
    expect(sent).toContain(droppedNotice(prepared.usage.droppedMessages));
    expect(prepared.usage.droppedMessages).toBeGreaterThan(50);
    expect(estimateRequestTokens(prepared.request) + prepared.request.max_tokens).toBeLessThanOrEqual(6_000);
    expect(prepared.request.messages[0]?.role).toBe('user');
    expect(sent).toContain('78: ');
  });

  it('turns a history that cannot be read into an error on the answer, not a throw', async () => {
    const { db, context } = setup(2);
    db.close();
    const run = await context.load('c', settings, options.model, []);
    const prepared = await context.prepare(run, options);
    expect(prepared.kind === 'error' ? prepared.error.code : prepared.kind).toBe('storage_error');
    expect(prepared.kind === 'error' ? prepared.error.text?.code : prepared.kind).toBe('context.historyUnreadable');
  });

  it('refuses a newest message larger than the window with a code naming the sizes, the model and the window', async () => {
    const { repo, context } = setup(0);
    repo.insertMessage({ id: 'big', chatId: 'c', role: 'user', blocks: [{ type: 'text', text: 'w '.repeat(20_000) }], status: 'complete', createdAt: 1, updatedAt: 1 });
    const run = await context.load('c', settings, options.model, []);
    const prepared = await context.prepare(run, options);
    if (prepared.kind !== 'error') throw new Error(`not refused: ${prepared.kind}`);
    expect(prepared.error).toMatchObject({ code: 'invalid_params', text: { code: 'context.tooLarge', params: { window: 6_000, model: 'claude-sonnet-5-5' } } });
    expect(prepared.error.text?.params?.tokens).toBeGreaterThan(6_000);
    expect(prepared.error.message).toContain('-token context window of claude-sonnet-5-5 leaves for input');
  });

  it('asks the API to count only once the estimate passes 60 % of the budget, and asks a gateway without count_tokens once', async () => {
    const llm = await startScriptedLlm({ apiKey: 'sk-test' });
    closers.push(() => llm.close());
    const counts = () => llm.requests.filter((r) => r.path === '/v1/messages/count_tokens');
    const withApi: Settings = { ...settings, apiBaseUrl: llm.url };
    const budget = (context: ContextManager) => context.budget(withApi, options.model).budget;

    // Small: the estimate is trusted, nothing is asked.
    const small = setup(3, 'sk-test');
    const smallRun = await small.context.load('c', withApi, options.model, []);
    const below = await small.context.prepare(smallRun, { ...options, settings: withApi });
    if (below.kind !== 'ready') throw new Error(`not ready: ${below.kind}`);
    expect(below.usage.inputTokens).toBeLessThan(0.6 * budget(small.context));
    expect(below.usage.counted).toBe('estimate');
    expect(counts()).toEqual([]);

    // Past 60 % (but within the budget): counted by the API, once.
    const large = setup(7, 'sk-test');
    const largeRun = await large.context.load('c', withApi, options.model, []);
    const above = await large.context.prepare(largeRun, { ...options, settings: withApi });
    if (above.kind !== 'ready') throw new Error(`not ready: ${above.kind}`);
    expect(estimateRequestTokens(above.request)).toBeGreaterThanOrEqual(0.6 * budget(large.context));
    expect(above.usage.droppedMessages).toBe(0);
    expect(counts().map((r) => r.outcome)).toEqual(['count_tokens']);
    const [asked] = counts();
    if (!asked?.body) throw new Error('no count request body');
    expect(asked.body.messages).toEqual(above.request.messages);
    expect(above.usage).toMatchObject({ counted: 'api', inputTokens: countTokens(asked.body) });

    // A gateway that answers 404 is asked once, then estimated.
    const gateway = await startScriptedLlm({ apiKey: 'sk-test', countTokens: false });
    closers.push(() => gateway.close());
    const viaGateway: Settings = { ...settings, apiBaseUrl: gateway.url };
    const again = setup(7, 'sk-test');
    for (let i = 0; i < 2; i++) {
      const run = await again.context.load('c', viaGateway, options.model, []);
      const prepared = await again.context.prepare(run, { ...options, settings: viaGateway });
      expect(prepared.kind === 'ready' ? prepared.usage.counted : prepared.kind).toBe('estimate');
    }
    expect(gateway.requests.filter((r) => r.path === '/v1/messages/count_tokens').map((r) => r.outcome)).toEqual(['not_found']);
  });
});
