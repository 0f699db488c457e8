/**
 * Bench `branches`: switching branches in a 5,000-message chat, in headless Chromium against web mode.
 * The chat's last user message has two versions, each continued by its own replies, so either branch is 5,000
 * messages long; its third message has a second version too (a fork far up, under which the whole chat hangs).
 *  - Switch: click the `<` / `>` switcher on the forked message until the other branch's last reply is painted
 *    (median of SWITCHES, alternating directions); target <= 100 ms. Baseline: opening the same chat from the sidebar
 *    to its latest messages painted, in the same page and run (the ui bench's open5000 measure).
 *  - Opening the branched chat against the same chat without branches, alternated (branches present cost nothing).
 *  - Details: the host round trip of chats.switchBranch from the page for both forks (the far one walks the whole
 *    chat to find its newest leaf and sends a 500-message page), against chats.get of the latest 50.
 * Writes bench/results/branches.json and prints one summary line.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { ChatMessage } from '../shared/chat.ts';
import { silentLogger } from '../electron/host/environment.ts';
import { openHistoryDatabase } from '../electron/host/store/database.ts';
import { ChatRepository, transaction } from '../electron/host/store/chatRepository.ts';
import { startWebMode } from '../electron/web/startWebMode.ts';
import { chromiumArgs, chromiumPath } from '../tests/e2e/harness.ts';
import { median, percentile, report } from './lib.ts';
import { callPageScript as callScript, openChatScript, rendererOption } from './uiPage.ts';

const LENGTH = 5000;
const TAIL = 10;
const SWITCHES = 12;
const OPENS = 5;
const TARGET_MS = 100;

function message(chatId: string, i: number, role: 'user' | 'assistant', at: number, text?: string): ChatMessage {
  const body =
    text ?? (role === 'user' ? `Question ${i}: what did the server say about item ${i}?` : `Answer ${i}: the server returned **${i} records**.\n\n- first\n- second\n\n\`\`\`ts\nconst ok${i} = records.every((r) => r.valid);\n\`\`\``);
  return { id: randomUUID(), chatId, role, blocks: [{ type: 'text', text: body }], status: 'complete', createdAt: at, updatedAt: at };
}

interface Seeded {
  chatId: string;
  title: string;
  /** The first and second version of the last user message, and of the third message. */
  nearFork: [string, string];
  farFork: [string, string];
}

// Both branches of the near fork are LENGTH messages long; the second (newest) is shown when the chat opens.
function seed(dataDir: string): Seeded {
  const { db } = openHistoryDatabase(join(dataDir, 'history.db'), silentLogger);
  const repo = new ChatRepository(db);
  const chatId = randomUUID();
  const title = 'A very long branched chat';
  const start = Date.now() - 2 * LENGTH * 1000;
  repo.createChat(chatId, title, 'claude-sonnet-5-5', start);
  let at = start;
  const add = (i: number, role: 'user' | 'assistant', parentId?: string | null, text?: string): string => {
    at += 1000;
    const m = message(chatId, i, role, at, text);
    repo.insertMessage(m, parentId);
    return m.id;
  };
  const ids: string[] = [];
  const forks = { nearFork: ['', ''] as [string, string], farFork: ['', ''] as [string, string] };
  transaction(db, () => {
    for (let i = 0; i < LENGTH - TAIL; i++) ids.push(add(i, i % 2 === 0 ? 'user' : 'assistant'));
    const forkParent = ids.at(-1) ?? null;
    const branch = (label: string): string => {
      const first = add(LENGTH - TAIL, 'user', forkParent, `Question ${LENGTH - TAIL}, version ${label}`);
      for (let i = LENGTH - TAIL + 1; i < LENGTH; i++) add(i, i % 2 === 0 ? 'user' : 'assistant', undefined, i === LENGTH - 1 ? `Branch ${label} ends here.` : undefined);
      return first;
    };
    const a = branch('A');
    const b = branch('B');
    // A short second version of the third message: switching back to the first walks the whole chat below it.
    const far = add(2, 'user', ids[1], 'Question 2, asked differently');
    add(3, 'assistant', undefined, 'A short side branch.');
    repo.tree.setLeaf(chatId, repo.tree.latestLeafUnder(chatId, b) ?? b);
    forks.nearFork = [a, b];
    forks.farFork = [ids[2] ?? '', far];
  });
  // The same chat without branches, to open side by side with the branched one.
  const plainId = randomUUID();
  repo.createChat(plainId, PLAIN_TITLE, 'claude-sonnet-5-5', start);
  transaction(db, () => {
    for (let i = 0; i < LENGTH; i++) {
      at += 1000;
      const m = message(plainId, i, i % 2 === 0 ? 'user' : 'assistant', at, i === LENGTH - 1 ? 'The plain chat ends here.' : undefined);
      repo.insertMessage(m);
    }
  });
  db.close();
  return { chatId, title, ...forks };
}
const PLAIN_TITLE = 'A very long plain chat';

/** Clicks the switcher button `direction` on the forked message; resolves with ms until `marker` is painted and `gone` is not. */
const switchScript = (direction: 'previous' | 'next', marker: string, gone: string) => `
new Promise((resolve, reject) => {
  const button = [...document.querySelectorAll('.branch-switcher [data-direction="${direction}"]')].find((b) => !b.disabled);
  if (!button) return reject(new Error('no ${direction} switcher button on screen'));
  const started = performance.now();
  button.click();
  const check = () => {
    const text = document.querySelector('[data-testid="chat-view"]')?.textContent || '';
    if (text.includes(${JSON.stringify(marker)}) && !text.includes(${JSON.stringify(gone)})) {
      requestAnimationFrame(() => resolve(performance.now() - started));
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})
`;

const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-branches-'));
const profileDir = mkdtempSync(join(tmpdir(), 'sb-bench-branches-chromium-'));
const chat = seed(dataDir);
const web = await startWebMode({ dataDir, port: 0, hostEnv: { logger: silentLogger }, ...rendererOption() });
const context = await chromium.launchPersistentContext(profileDir, { executablePath: chromiumPath, headless: true, args: chromiumArgs, viewport: { width: 1280, height: 900 } });
try {
  let page = await context.newPage();
  await page.goto(web.url);
  const opens: number[] = [];
  const plainOpens: number[] = [];
  const switches: number[] = [];
  // Alternated: the branched chat and the same chat without branches, so branches' cost on opening shows as a ratio.
  for (let round = 0; round < 2 * OPENS; round++) {
    const branched = round % 4 === 0 || round % 4 === 3;
    await page.close();
    page = await context.newPage();
    await page.goto(`${web.url}#/servers`);
    await page.locator('.sb-chat-open', { hasText: chat.title }).waitFor();
    if (branched) opens.push(await page.evaluate<number>(openChatScript(chat.title, 'Branch B ends here.')));
    else plainOpens.push(await page.evaluate<number>(openChatScript(PLAIN_TITLE, 'The plain chat ends here.')));
  }
  // The branched chat open once more (not counted): its view is the one switched below.
  await page.close();
  page = await context.newPage();
  await page.goto(`${web.url}#/servers`);
  await page.locator('.sb-chat-open', { hasText: chat.title }).waitFor();
  await page.evaluate<number>(openChatScript(chat.title, 'Branch B ends here.'));
  // The chat is open on branch B (version 2 of 2); the switcher sits on the user message 10 rows up.
  await page.locator('.branch-switcher').first().waitFor();
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (let i = 0; i < SWITCHES; i++) {
    const toA = i % 2 === 0;
    switches.push(await page.evaluate<number>(switchScript(toA ? 'previous' : 'next', toA ? 'Branch A ends here.' : 'Branch B ends here.', toA ? 'Branch B ends here.' : 'Branch A ends here.')));
    // Let the focus move and the list settle, as between two clicks of a user.
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  // Host round trips from the page: the near fork, the far fork (a walk of the whole chat and a 500-message page), and chats.get.
  const host = { near: [] as number[], far: [] as number[], get: [] as number[] };
  for (let i = 0; i < 6; i++) {
    host.near.push(await page.evaluate<number>(callScript(web.token, 'chats.switchBranch', { chatId: chat.chatId, messageId: chat.nearFork[i % 2] })));
    host.far.push(await page.evaluate<number>(callScript(web.token, 'chats.switchBranch', { chatId: chat.chatId, messageId: chat.farFork[i % 2] })));
    host.get.push(await page.evaluate<number>(callScript(web.token, 'chats.get', { chatId: chat.chatId, limit: 50 })));
  }

  const switchMs = median(switches);
  const openMs = median(opens);
  report({
    name: 'branches',
    metric: `ms from clicking the version switcher in a ${LENGTH}-message chat to the other branch painted (median of ${SWITCHES}); baseline: opening the same chat from the sidebar`,
    value: switchMs,
    baseline: openMs,
    target: TARGET_MS,
    direction: 'value_at_most',
    details: {
      switchSamples: switches,
      // The first switch to each branch formats its rows; later ones find the formatted blocks in the page's cache.
      firstSwitchToEachBranch: switches.slice(0, 2),
      switchP95: percentile(switches, 95),
      openSamples: opens,
      openWithoutBranches: { median: median(plainOpens), samples: plainOpens, ratio: median(opens) / median(plainOpens) },
      hostRoundTripMs: {
        nearFork: { median: median(host.near), samples: host.near },
        farFork: { median: median(host.far), samples: host.far, note: 'walks every message below the fork and answers up to 500 messages' },
        chatsGetLatest50: { median: median(host.get), samples: host.get },
      },
    },
  });
  console.log(`bench branches: switch ${Math.round(switchMs)} ms (target <= ${TARGET_MS}), open ${Math.round(openMs)} ms (${Math.round(median(plainOpens))} ms without branches); host far-fork switch ${Math.round(median(host.far))} ms vs chats.get ${Math.round(median(host.get))} ms`);
} finally {
  await context.close();
  await web.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
