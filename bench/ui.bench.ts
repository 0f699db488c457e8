/**
 * Bench `ui`: the renderer in headless Chromium against web mode and the scripted LLM.
 *  1. A realistic turn: a tool call (server-everything's echo over stdio, shown as a tool card) then a 20,000-token
 *     Markdown reply (headings, lists, bold, code blocks, inline and display math). Result: the longest main-thread task while it streams as a
 *     ratio against the same stream appended to a bare text node in the same browser and run (the floor: socket +
 *     JSON, no UI), alternated per round; target ratio <= 2 (an absolute 50 ms cannot be judged on a loaded machine,
 *     so it is only kept in the details); and the delay from the frame with the last token arriving to it being on screen.
 *     Each round starts once its page has settled (fonts loaded, an idle moment): a user's first message comes seconds
 *     after the window opens, so the page's start-up work is not the reply's.
 *  2. Open a chat of 5,000 messages (Markdown, code blocks and tool cards; every 50th question edited and its reply
 *     regenerated, so versions and switchers are present) from the sidebar: time to the first paint
 *     of the latest messages (target <= 300 ms), against the bare `chats.get` round trip from the same page.
 * Writes bench/results/ui.json and prints one summary line.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { ChatMessage } from '../shared/chat.ts';
import { silentLogger } from '../electron/host/environment.ts';
import { openHistoryDatabase } from '../electron/host/store/database.ts';
import { ChatRepository, transaction } from '../electron/host/store/chatRepository.ts';
import { startWebMode } from '../electron/web/startWebMode.ts';
import { chromiumArgs, chromiumPath } from '../tests/e2e/harness.ts';
import { startScriptedLlm } from '../tests/fixtures/scriptedLlm/index.ts';
import { median, report } from './lib.ts';
import { everythingConfig } from './mcpFixtures.ts';
import { armScript, baselineHtml, settledScript, fetchPageScript, instrumentScript, openChatScript, rendererOption, waitFormattedScript, waitPaintedScript } from './uiPage.ts';
import { startMainThreadTrace } from './uiTrace.ts';

const ROUNDS = 3;
const OPEN_ROUNDS = 5;
const TOKENS = 20_000;
const LONG_CHAT = 5000;
const BRANCH_EVERY = 50;
const STREAM_TARGET_RATIO = 2;

/** About 20,000 tokens (~4 characters each) of Markdown a model might write: headings, prose, lists, code. */
function longReply(marker: string): string {
  const parts: string[] = [];
  let chars = 0;
  for (let i = 1; chars < TOKENS * 4; i++) {
    const section = [
      `## Section ${i}: what the tools returned`,
      `The server answered with ${i * 3} records. Each one was checked against the schema, and the fields that matter are summarised below in plain words, so the reader does not need to open the raw result.`,
      `- **Item ${i}.1**: the request succeeded in ${i * 7} ms and returned a list of entities.\n- **Item ${i}.2**: two observations were added; one relation was skipped because it already existed.\n- **Item ${i}.3**: nothing else changed.`,
      '```ts\n' + `const total${i} = records.filter((r) => r.ok).length; // ${i}\nconsole.log(total${i});\n` + '```',
      `In short, step ${i} is done and the next step can use its output directly.`,
      // Math present (issue 14): inline and a display block, rendered by KaTeX as the reply streams.
      `The share that passed is $p_{${i}} = \\frac{${i}}{${i + 1}}$, and the running total is:\n\n$$\n\\sum_{k=1}^{${i}} k = ${(i * (i + 1)) / 2}\n$$`,
    ].join('\n\n');
    parts.push(section);
    chars += section.length;
  }
  return `${parts.join('\n\n')}\n\nThat is the whole report. ${marker}`;
}

/** An assistant message as users get them: Markdown with a code block, and every other one a finished tool card. */
function assistantBlocks(i: number, at: number): ChatMessage['blocks'] {
  const text = `Answer ${i}: the server returned **${i} records**; all of them passed the checks ($p = ${i}/${i}$).\n\n- first\n- second\n\n\`\`\`ts\nconst ok${i} = records.every((r) => r.valid);\n\`\`\``;
  if (i % 4 !== 1) return [{ type: 'text', text }];
  const card: ChatMessage['blocks'][number] = {
    type: 'tool_call',
    id: `toolu_${i}`,
    exposedName: 'everything__echo',
    serverId: 'everything',
    toolName: 'echo',
    input: { message: `records for item ${i}` },
    status: 'done',
    destructive: false,
    result: { content: [{ type: 'text', text: `Echo: records for item ${i}` }], isError: false },
    startedAt: at,
    durationMs: 12,
  };
  return [card, { type: 'text', text }];
}

function seedLongChat(dataDir: string): { chatId: string; title: string; lastMarker: string } {
  const { db } = openHistoryDatabase(join(dataDir, 'history.db'), silentLogger);
  const repo = new ChatRepository(db);
  const chatId = randomUUID();
  const title = 'A very long chat';
  const start = Date.now() - LONG_CHAT * 1000;
  repo.createChat(chatId, title, 'claude-sonnet-5-5', start);
  const ids: string[] = [];
  transaction(db, () => {
    for (let i = 0; i < LONG_CHAT; i++) {
      const role = i % 2 === 0 ? 'user' : 'assistant';
      const at = start + i * 1000;
      const blocks: ChatMessage['blocks'] =
        role === 'user' ? [{ type: 'text', text: `Question ${i}: what did the server say about item ${i}?` }] : assistantBlocks(i, at);
      const id = randomUUID();
      ids.push(id);
      repo.insertMessage({ id, chatId, role, blocks, status: 'complete', createdAt: at, updatedAt: at });
    }
    // Branches present (issue 14): every BRANCH_EVERY-th question was edited once and its reply regenerated once; the
    // chat shows its main branch, so the switcher appears on those rows.
    for (let i = BRANCH_EVERY; i < LONG_CHAT - 1; i += BRANCH_EVERY) {
      const at = start + i * 1000 + 500;
      const edited = randomUUID();
      repo.insertMessage({ id: edited, chatId, role: 'user', blocks: [{ type: 'text', text: `Question ${i}, asked differently` }], status: 'complete', createdAt: at, updatedAt: at }, ids[i - 1] ?? null);
      repo.insertMessage({ id: randomUUID(), chatId, role: 'assistant', blocks: assistantBlocks(i + 1, at), status: 'complete', createdAt: at, updatedAt: at }, edited);
      repo.insertMessage({ id: randomUUID(), chatId, role: 'assistant', blocks: assistantBlocks(i + 1, at), status: 'complete', createdAt: at, updatedAt: at }, ids[i] ?? null);
    }
    repo.tree.setLeaf(chatId, ids.at(-1) ?? null);
  });
  db.close();
  return { chatId, title, lastMarker: `Answer ${LONG_CHAT - 1}:` };
}

interface StreamSample {
  longestTaskMs: number;
  /** The thread (CPU) time of the task that used the most of it. */
  longestTaskCpuMs: number;
  tasksOver50ms: number;
  p95TaskMs: number;
  lastTokenToScreenMs: number;
  /** To the last block formatted (blocks past the per-task budget show plain text first). */
  lastTokenFormattedMs: number;
  maxFrameGapMs: number;
  /** Layouts forced by script (a layout read after a DOM change) in the trace. */
  forcedLayouts: number;
  forcedLayoutMs: number;
}

async function measureStream(context: BrowserContext, page: Page, selector: string, send: (marker: string) => Promise<void>): Promise<StreamSample> {
  const marker = `END-OF-REPLY-${randomUUID()}`;
  await page.evaluate(settledScript);
  await page.evaluate(armScript(marker));
  const trace = await startMainThreadTrace(context, page);
  await send(marker);
  // A reply that never reaches the screen fails the bench instead of hanging it.
  const stuck = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the streamed reply was not on screen after 5 minutes')), 5 * 60_000).unref());
  const painted = await Promise.race([page.evaluate<{ receivedAt: number; paintedAt: number; maxGap: number }>(waitPaintedScript(marker, selector)), stuck]);
  // The trace runs until every block is formatted: work deferred past the last token is still the reply's.
  const formattedAt = await page.evaluate<number>(waitFormattedScript(selector));
  const tasks = await trace.stop();
  return {
    longestTaskMs: tasks.longestTaskMs,
    longestTaskCpuMs: tasks.longestTaskCpuMs,
    tasksOver50ms: tasks.tasksOver50ms,
    p95TaskMs: tasks.p95TaskMs,
    lastTokenToScreenMs: painted.paintedAt - painted.receivedAt,
    lastTokenFormattedMs: formattedAt - painted.receivedAt,
    maxFrameGapMs: painted.maxGap,
    forcedLayouts: tasks.forcedLayouts,
    forcedLayoutMs: tasks.forcedLayoutMs,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-ui-'));
const profileDir = mkdtempSync(join(tmpdir(), 'sb-bench-ui-chromium-'));
const llm = await startScriptedLlm({ apiKey: 'sk-bench' });
const long = seedLongChat(dataDir);
const web = await startWebMode({ dataDir, port: 0, hostEnv: { logger: silentLogger }, ...rendererOption() });
// The baseline page is served by Playwright (not by web mode), so Chromium's local-network checks would block its
// socket to 127.0.0.1; they guard against public pages, not what is measured here.
const args = [...chromiumArgs, '--disable-features=LocalNetworkAccessChecks'];
const context = await chromium.launchPersistentContext(profileDir, { executablePath: chromiumPath, headless: true, args, viewport: { width: 1280, height: 900 } });
try {
  const api = web.host.api;
  await api['settings.update']({ apiBaseUrl: llm.url });
  await api['settings.setApiKey']({ apiKey: 'sk-bench' });
  // A real stdio server whose echo tool the streamed turn calls first, so the app renders a tool card as users see it.
  const added = await api['servers.add']({ name: 'everything', config: everythingConfig() });
  if (!added.ok) throw new Error(`servers.add failed: ${added.error.message}`);
  for (const deadline = Date.now() + 60_000; ; ) {
    const tools = await api['tools.list']({});
    if (tools.ok && tools.value.some((t) => t.toolName === 'echo' && t.enabled)) break;
    if (Date.now() > deadline) throw new Error('server-everything echo never became available');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const approved = await api['tools.setApproval']({ serverId: added.value.id, toolName: 'echo', policy: 'always_allow' });
  if (!approved.ok) throw new Error(approved.error.message);
  await context.addInitScript(instrumentScript);
  const origin = `http://127.0.0.1:${web.port}`;
  await context.route(`${origin}/bench-baseline*`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: baselineHtml }));
  let page = await context.newPage();
  // The app's tabs below open the printed link (web.url), as a user does: the token lives in each tab, not a cookie.
  await page.goto(web.url);

  const app: StreamSample[] = [];
  const plain: StreamSample[] = [];
  const stream = async (marker: string, chatId: string) => {
    llm.setScript([
      { content: [{ type: 'text', text: 'Let me fetch the records first.' }, { type: 'tool_use', tool: 'echo', input: { message: 'all records' } }], eventDelayMs: 1 },
      { content: [{ type: 'text', text: longReply(marker), chunkSize: 40 }], eventDelayMs: 1 },
    ]);
    const sent = await api['chat.send']({ chatId, text: 'Write the full report.' });
    if (!sent.ok) throw new Error(`chat.send failed: ${sent.error.message}`);
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? ['app', 'plain'] : ['plain', 'app']) {
      const created = await api['chats.create']({});
      if (!created.ok) throw new Error(created.error.message);
      const chatId = created.value.id;
      await page.close();
      page = await context.newPage();
      if (side === 'app') {
        await page.goto(`${web.url}#/chat/${chatId}`);
        await page.getByTestId('chat-view').waitFor();
        app.push(await measureStream(context, page, '[data-testid="chat-view"]', (m) => stream(m, chatId)));
      } else {
        await page.goto(`${origin}/bench-baseline?token=${web.token}`);
        await page.waitForFunction('window.__sbReady === true');
        plain.push(await measureStream(context, page, '#out', (m) => stream(m, chatId)));
      }
      // Let the host finish saving the turn before the next round.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  const opens: number[] = [];
  const fetches: number[] = [];
  for (let round = 0; round < OPEN_ROUNDS; round++) {
    await page.close();
    page = await context.newPage();
    await page.goto(`${web.url}#/servers`);
    await page.locator('.sb-chat-open', { hasText: long.title }).waitFor();
    fetches.push(await page.evaluate<number>(fetchPageScript(web.token, long.chatId)));
    opens.push(await page.evaluate<number>(openChatScript(long.title, long.lastMarker)));
  }

  const worst = (samples: StreamSample[], key: keyof StreamSample) => Math.max(...samples.map((s) => s[key]));
  const longestApp = worst(app, 'longestTaskMs');
  const longestPlain = worst(plain, 'longestTaskMs');
  const openMs = median(opens);
  report({
    name: 'ui',
    metric: `longest main-thread task (ms, worst of ${ROUNDS}) while a tool call and a ${TOKENS}-token Markdown reply stream; baseline: the same stream into a bare text node`,
    value: longestApp,
    baseline: longestPlain,
    target: STREAM_TARGET_RATIO,
    direction: 'ratio_at_most',
    details: {
      absoluteLongestTaskMs: { value: longestApp, formerTarget: 50, met: longestApp <= 50 },
      lastTokenToScreenMs: { app: app.map((s) => s.lastTokenToScreenMs), baseline: plain.map((s) => s.lastTokenToScreenMs) },
      maxFrameGapMs: { app: app.map((s) => s.maxFrameGapMs), baseline: plain.map((s) => s.maxFrameGapMs) },
      lastTokenFormattedMs: { app: app.map((s) => s.lastTokenFormattedMs), baseline: plain.map((s) => s.lastTokenFormattedMs) },
      tasksOver50ms: { app: app.map((s) => s.tasksOver50ms), baseline: plain.map((s) => s.tasksOver50ms) },
      p95TaskMs: { app: app.map((s) => s.p95TaskMs), baseline: plain.map((s) => s.p95TaskMs) },
      longestTaskMsPerRound: { app: app.map((s) => s.longestTaskMs), baseline: plain.map((s) => s.longestTaskMs) },
      // CPU time of the most expensive task: what the page did, without the waits for a core that load adds to wall time.
      longestTaskCpuMsPerRound: { app: app.map((s) => s.longestTaskCpuMs), baseline: plain.map((s) => s.longestTaskCpuMs) },
      forcedLayoutsPerReply: { app: app.map((s) => s.forcedLayouts), baseline: plain.map((s) => s.forcedLayouts), appMs: app.map((s) => s.forcedLayoutMs) },
      open5000: {
        metric: `ms from clicking a ${LONG_CHAT}-message chat to its latest messages painted (median of ${OPEN_ROUNDS})`,
        value: openMs,
        baseline: median(fetches),
        baselineMetric: 'chats.get round trip (latest 50) from the page, no rendering',
        target: 300,
        met: openMs <= 300,
        samples: opens,
        baselineSamples: fetches,
      },
      allTargetsMet: longestApp / longestPlain <= STREAM_TARGET_RATIO && openMs <= 300,
    },
  });
  console.log(`bench ui: last token to screen ${Math.round(median(app.map((s) => s.lastTokenToScreenMs)))} ms (median); 5,000-message chat painted in ${Math.round(openMs)} ms (target <= 300)`);
} finally {
  await context.close();
  await web.close();
  await llm.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
