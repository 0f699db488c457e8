/**
 * Bench `long-chat` (send half): a send in a 50,000-message chat stored in a real SQLite file, through the whole host,
 * against a send in a 50-message chat in the same run (alternated). Measured per send, from chat.send until the run
 * ends: the host process's CPU time (main-thread work; the scripted LLM runs in a child process so its work is not
 * counted) and the longest event-loop block. Also reported: the request's size against the model's window, the first
 * send (which writes the chat's summary), and the old path's cost (every message loaded and converted) on the same file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createHost } from '../electron/host/createHost.ts';
import { silentLogger } from '../electron/host/environment.ts';
import { openHistoryDatabase } from '../electron/host/store/database.ts';
import { ChatRepository } from '../electron/host/store/chatRepository.ts';
import { toApiMessages } from '../electron/host/chat/requestBuilder.ts';
import { EventLog, tempDataDir, testEnv, value } from '../tests/integration/chat-harness.ts';
import { seedLongChat } from '../tests/fixtures/longChat/seedLongChat.ts';
import { median, report } from './lib.ts';

const LONG_MESSAGES = 50_000;
const ROUNDS = 8;
const TARGET_MS = 50;
const shape = { userChars: 240, answerChars: 700, toolEvery: 5, resultChars: 2_000 };
// A turn is 2 messages, 3 with a tool call: 2.2 on average with a call every 5 turns.
const turnsFor = (messages: number) => Math.ceil(messages / (2 + 1 / shape.toolEvery));

interface LlmChild {
  url: string;
  /** Request lines printed so far ("#i POST /v1/messages -> streamed chars=… tokens=… stream=true"). */
  lines: string[];
  child: ChildProcess;
}

async function startLlmChild(dir: string): Promise<LlmChild> {
  const script = join(dir, 'long-chat-script.json');
  writeFileSync(script, JSON.stringify({ turns: [{ content: [{ type: 'text', text: 'Noted; here is the next step.' }] }] }));
  const cli = join(import.meta.dirname, '../tests/fixtures/scriptedLlm/cli.ts');
  const child = spawn(process.execPath, [cli, '--script', script, '--loop', '--sizes', '--api-key', 'sk-bench'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    rl.on('line', (line) => {
      const found = /listening on (http:\/\/\S+)/.exec(line);
      if (found?.[1]) resolve(found[1]);
      else lines.push(line);
    });
    child.once('exit', (code) => reject(new Error(`scripted LLM exited (${code})`)));
  });
  return { url, lines, child };
}

// The last streamed request's size as the scripted LLM saw it (its lines arrive every 200 ms).
async function lastStreamed(llm: LlmChild, count: number): Promise<{ chars: number; tokens: number }> {
  for (let i = 0; i < 100; i++) {
    const streamed = llm.lines.filter((l) => l.includes('stream=true'));
    const line = streamed.length >= count ? streamed.at(-1) : undefined;
    const match = line ? /chars=(\d+) tokens=(\d+)/.exec(line) : null;
    if (match) return { chars: Number(match[1]), tokens: Number(match[2]) };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the scripted LLM did not report the request');
}

const data = tempDataDir('sb-bench-long-chat-');
const llm = await startLlmChild(data.dir);
try {
  const longId = 'bench-long';
  const shortId = 'bench-short';
  const seeded = seedLongChat(data.dir, { chatId: longId, turns: turnsFor(LONG_MESSAGES), ...shape });
  const seededShort = seedLongChat(data.dir, { chatId: shortId, turns: turnsFor(50), ...shape });

  // The old path on the same file: every message loaded and converted, as each send did before.
  const { db } = openHistoryDatabase(join(data.dir, 'history.db'), silentLogger);
  const oldStarted = performance.now();
  const all = new ChatRepository(db).allMessages(longId);
  const oldMessages = toApiMessages(all, 100_000);
  const oldPathMs = performance.now() - oldStarted;
  const oldRequestChars = JSON.stringify(oldMessages).length;
  db.close();

  const host = await createHost(testEnv(data.dir));
  const log = new EventLog(host.events);
  await host.start();
  value(await host.api['settings.update']({ apiBaseUrl: llm.url }));
  value(await host.api['settings.setApiKey']({ apiKey: 'sk-bench' }));
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let streamedCount = 0;

  const send = async (chatId: string): Promise<{ cpuMs: number; wallMs: number; maxBlockMs: number }> => {
    histogram.reset();
    histogram.enable();
    const cpu = process.cpuUsage();
    const started = performance.now();
    value(await host.api['chat.send']({ chatId, text: 'What should we do next?' }));
    const end = await log.runEnd(chatId, 120_000);
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    histogram.disable();
    if (end.error) throw new Error(`send failed: ${end.error.message}`);
    streamedCount += 1;
    return { cpuMs: (used.user + used.system) / 1000, wallMs, maxBlockMs: histogram.max / 1e6 };
  };

  // First sends: the long chat's first one reads its tail and writes the summary (once); warm-ups for both.
  const firstLong = await send(longId);
  const firstRequest = await lastStreamed(llm, streamedCount);
  await send(shortId);

  const long: { cpuMs: number; wallMs: number; maxBlockMs: number }[] = [];
  const short: typeof long = [];
  let request = firstRequest;
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      long.push(await send(longId));
      request = await lastStreamed(llm, streamedCount);
      short.push(await send(shortId));
    } else {
      short.push(await send(shortId));
      long.push(await send(longId));
      request = await lastStreamed(llm, streamedCount);
    }
  }
  const usage = value(await host.api['chat.context']({ chatId: longId }));
  await host.shutdown();
  if (!usage) throw new Error('no context usage reported');

  const value_ = median(long.map((s) => s.cpuMs));
  const baseline = median(short.map((s) => s.cpuMs));
  const withinWindow = usage.inputTokens + usage.reservedTokens <= usage.windowTokens && request.tokens + usage.reservedTokens <= usage.windowTokens;
  console.log(
    `long-chat: ${seeded} messages; send CPU ${value_.toFixed(1)} ms vs ${baseline.toFixed(1)} ms in a ${seededShort}-message chat (ratio ${(value_ / baseline).toFixed(2)}); ` +
      `longest block ${median(long.map((s) => s.maxBlockMs)).toFixed(1)} ms vs ${median(short.map((s) => s.maxBlockMs)).toFixed(1)} ms; ` +
      `request ${request.tokens} tokens (${usage.inputTokens} by the host's count) of a ${usage.windowTokens} window, ${(request.chars / 1e6).toFixed(2)} MB vs ${(oldRequestChars / 1e6).toFixed(1)} MB untrimmed; ` +
      `first send (summary written) ${firstLong.cpuMs.toFixed(0)} ms CPU; old full-history path ${oldPathMs.toFixed(0)} ms`,
  );
  report({
    name: 'long-chat',
    metric: `ms of host CPU per send in a ${seeded}-message chat (median of ${ROUNDS}), baseline a ${seededShort}-message chat in the same run`,
    value: value_,
    baseline,
    target: TARGET_MS,
    direction: 'value_at_most',
    details: {
      messages: seeded,
      requestWithinWindow: withinWindow,
      requestTokensScripted: request.tokens,
      requestTokensHost: usage.inputTokens,
      requestChars: request.chars,
      windowTokens: usage.windowTokens,
      reservedTokens: usage.reservedTokens,
      summarizedMessages: usage.summarizedMessages,
      droppedMessages: usage.droppedMessages,
      clearedToolResults: usage.clearedToolResults,
      longestBlockMs: { long: median(long.map((s) => s.maxBlockMs)), short: median(short.map((s) => s.maxBlockMs)) },
      wallMs: { long: median(long.map((s) => s.wallMs)), short: median(short.map((s) => s.wallMs)) },
      firstSendWithSummary: firstLong,
      oldFullHistoryPath: { ms: oldPathMs, requestChars: oldRequestChars },
      samples: { long, short },
    },
  });
  if (!withinWindow) process.exitCode = 1;
} finally {
  llm.child.kill();
  data.remove();
}
