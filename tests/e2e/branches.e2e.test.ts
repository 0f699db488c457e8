/**
 * Branches end to end: editing a sent message makes a new version and the model gets the edited conversation; the
 * `< 1/2 >` switcher shows the other branch and the chat continues from the one shown; a stopped reply is retried as
 * a new version, and a finished one too, the chat continuing from the version shown; a failed message is retried as it
 * is or edited into a new version; and after a failed send (429) the next message is sent alone, the failed one
 * staying visibly failed with Retry / Edit / Delete (it used to be merged silently into the next one).
 */
import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { sendMessage, startApp, type E2eApp } from './harness.ts';

// Refreshed only on request (SWITCHBOARD_DOCS_SCREENSHOTS=1): a test run must not change tracked files.
const docsShot = fileURLToPath(new URL('../../docs/screenshots/chat-branches.png', import.meta.url));
const refreshDocs = process.env.SWITCHBOARD_DOCS_SCREENSHOTS === '1';

const say = (text: string): ScriptTurn['content'] => [{ type: 'text', text }];
const script: ScriptTurn[] = [
  { match: { lastUserText: 'capital of France' }, content: say('Paris is the capital of France.') },
  { match: { lastUserText: 'And of Italy' }, content: say('Rome is the capital of Italy.') },
  { match: { lastUserText: 'And of Spain' }, content: say('Madrid is the capital of Spain.') },
  { match: { lastUserText: 'Which is biggest' }, content: say('Rome has the most people of the two.') },
  // Holds the stream open after a few words until the user presses Stop.
  { match: { lastUserText: 'slow poem' }, content: [{ type: 'text', text: 'Roses are red, violets are blue, this poem is slow', chunkSize: 6 }], holdAfterEvents: 5 },
  { match: { lastUserText: 'slow poem' }, content: say('A quick poem: the switchboard hums, the answer comes.') },
  { match: { lastUserText: 'rate limit' }, times: 3, error: { status: 429, retryAfterMs: 5 } },
  { match: { lastUserText: 'long essay' }, content: say('An essay, as asked.') },
  { match: { lastUserText: 'Name a colour' }, content: say('Blue.') },
  { match: { lastUserText: 'Name a colour' }, content: say('Green.') },
  { match: { lastUserText: 'Why that one' }, content: say('Because it is calm.') },
  { match: { lastUserText: 'Check the quota' }, times: 3, error: { status: 429, retryAfterMs: 5 } },
  { match: { lastUserText: 'Check the quota' }, content: say('The quota is fine.') },
  { match: { lastUserText: 'Ping the budget' }, times: 3, error: { status: 429, retryAfterMs: 5 } },
  { match: { lastUserText: 'Ping the ledger' }, content: say('The ledger answered.') },
];

interface SentMessage {
  role: string;
  content: string | { type: string; text?: string }[];
}
// What the model was sent, one "role: text" line per message (text blocks only).
function conversation(body: Record<string, unknown> | undefined): string[] {
  const messages = (body?.messages ?? []) as SentMessage[];
  return messages.map((m) => `${m.role}: ${typeof m.content === 'string' ? m.content : m.content.filter((b) => b.type === 'text').map((b) => b.text).join(' | ')}`);
}

describe('branches', () => {
  let app: E2eApp;
  const lastSent = (): string[] => conversation(app.llm?.messageRequests().at(-1)?.body);
  // The reply has ended (Stop gave way to Send): edit, regenerate and switch wait for that.
  const idle = () => expect.poll(() => app.page.getByRole('button', { name: 'Stop generating' }).count()).toBe(0);
  // In the edit box just opened on `from`: types `to`, sends it as a new version and waits for its `answer`.
  const sendEdited = async (from: string, to: string, answer: string): Promise<void> => {
    const box = app.page.getByRole('textbox', { name: 'Edit your message' });
    expect(await box.inputValue()).toBe(from);
    await box.fill(to);
    await app.page.getByRole('button', { name: 'Send as new version' }).click();
    await expect.poll(() => app.page.locator('.chat-msg.is-assistant').last().textContent()).toContain(answer);
  };
  const newChat = async (): Promise<void> => {
    const result = await app.api['chats.create']({});
    if (!result.ok) throw new Error(result.error.message);
    await app.open(`#/chat/${result.value.id}`);
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  };

  beforeAll(async () => {
    app = await startApp({ llm: { script } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('edits a sent message into a new version, switches back, and continues from the branch shown', async () => {
    const { page } = app;
    await newChat();
    await app.dismissToasts();
    await sendMessage(page, 'What is the capital of France?');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('Paris');
    await sendMessage(page, 'And of Italy?');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('Rome');
    await idle();

    const second = page.locator('.chat-msg.is-user').last();
    await second.getByRole('button', { name: 'Edit message' }).click();
    await sendEdited('And of Italy?', 'And of Spain?', 'Madrid');
    // The model got the edited conversation, without the first version or its answer.
    expect(lastSent()).toEqual(['user: What is the capital of France?', 'assistant: Paris is the capital of France.', 'user: And of Spain?']);
    expect(await page.locator('.chat-user-bubble').allTextContents()).toEqual(['What is the capital of France?', 'And of Spain?']);

    const switcher = page.locator('.chat-msg.is-user').last().getByRole('group', { name: 'Version 2 of 2' });
    await switcher.waitFor();
    expect(await switcher.textContent()).toContain('2/2');
    await idle();
    await page.mouse.move(0, 0);
    const shot = await app.screenshot('chat-branches');
    if (refreshDocs) copyFileSync(shot, docsShot);

    await switcher.getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => page.locator('.chat-user-bubble').allTextContents()).toEqual(['What is the capital of France?', 'And of Italy?']);
    expect(await page.locator('.chat-msg.is-assistant').last().textContent()).toContain('Rome');
    const first = page.locator('.chat-msg.is-user').last().getByRole('group', { name: 'Version 1 of 2' });
    await first.waitFor();
    // Focus stays on the switcher, now on the version shown.
    await expect.poll(() => page.evaluate<string | null | undefined>('document.activeElement?.closest(\'[role="group"]\')?.getAttribute(\'aria-label\')')).toBe('Version 1 of 2');

    await sendMessage(page, 'Which is biggest?');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('most people');
    expect(lastSent()).toEqual([
      'user: What is the capital of France?',
      'assistant: Paris is the capital of France.',
      'user: And of Italy?',
      'assistant: Rome is the capital of Italy.',
      'user: Which is biggest?',
    ]);

    // Export writes the branch shown; the JSON export of all branches holds both versions, each with its parent.
    const chatId = decodeURIComponent(page.url().split('#/chat/')[1] ?? '');
    const shown = await app.api['chats.export']({ chatId, format: 'markdown' });
    const markdown = shown.ok ? shown.value.content : '';
    expect(markdown).toContain('And of Italy?');
    expect(markdown).not.toContain('And of Spain?');
    const all = await app.api['chats.export']({ chatId, format: 'json', allBranches: true });
    const archived = JSON.parse(all.ok ? all.value.content : '{}') as { branches?: string; messages?: { parentId?: string; blocks: { text?: string }[] }[] };
    expect(archived.branches).toBe('all');
    const versions = (archived.messages ?? []).filter((m) => /And of (Italy|Spain)\?/.test(m.blocks[0]?.text ?? ''));
    expect(versions).toHaveLength(2);
    expect(new Set(versions.map((m) => m.parentId)).size).toBe(1);

    // Reopened, the chat shows the branch last shown.
    await page.reload();
    await expect.poll(() => page.locator('.chat-user-bubble').allTextContents()).toEqual(['What is the capital of France?', 'And of Italy?', 'Which is biggest?']);
  });

  it('retries a stopped reply as a new version', async () => {
    const { page } = app;
    await newChat();
    await sendMessage(page, 'Write a slow poem');
    const reply = page.locator('.chat-msg.is-assistant').last();
    await expect.poll(() => reply.textContent()).toContain('Roses');
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await reply.locator('.chat-msg-stopped').waitFor();

    await reply.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('the switchboard hums');
    expect(await page.locator('.chat-msg.is-assistant').count()).toBe(1);
    // The new request asked the question again, without the stopped words.
    expect(lastSent()).toEqual(['user: Write a slow poem']);
    const switcher = page.locator('.chat-msg.is-assistant').last().getByRole('group', { name: 'Version 2 of 2' });
    await switcher.waitFor();
    await switcher.getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('Roses');
    expect(await page.locator('.chat-msg.is-assistant').last().locator('.chat-msg-stopped').count()).toBe(1);
  });

  it('regenerates a finished reply as a new version and continues from the version shown', async () => {
    const { page } = app;
    await newChat();
    await sendMessage(page, 'Name a colour');
    const reply = page.locator('.chat-msg.is-assistant').last();
    await expect.poll(() => reply.textContent()).toContain('Blue.');
    await idle();

    await reply.hover();
    await reply.getByRole('button', { name: 'Regenerate reply' }).click();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('Green.');
    expect(await page.locator('.chat-msg.is-assistant').count()).toBe(1);
    // Asked again without the first answer.
    expect(lastSent()).toEqual(['user: Name a colour']);
    const switcher = page.locator('.chat-msg.is-assistant').last().getByRole('group', { name: 'Version 2 of 2' });
    await switcher.waitFor();
    await idle();

    await switcher.getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('Blue.');
    await sendMessage(page, 'Why that one?');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('calm');
    // The chat continued from the version shown, not from the newest one.
    expect(lastSent()).toEqual(['user: Name a colour', 'assistant: Blue.', 'user: Why that one?']);
  });

  it('retries a failed message as it is, and edits another into a new version that is sent alone', async () => {
    const { page } = app;
    await newChat();
    await sendMessage(page, 'Check the quota now');
    const failed = page.locator('.chat-msg.is-user', { hasText: 'Check the quota now' });
    await failed.getByRole('note').waitFor();
    await idle();
    await failed.getByRole('note').getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('The quota is fine.');
    expect(lastSent()).toEqual(['user: Check the quota now']);
    await expect.poll(() => failed.getByRole('note').count()).toBe(0);
    await idle();

    await sendMessage(page, 'Ping the budget');
    const second = page.locator('.chat-msg.is-user', { hasText: 'Ping the budget' });
    await second.getByRole('note').waitFor();
    await idle();
    await second.getByRole('note').getByRole('button', { name: 'Edit' }).click();
    await sendEdited('Ping the budget', 'Ping the ledger', 'The ledger answered.');
    // The edited message went out with the conversation before it, and without the failed version.
    expect(lastSent()).toEqual(['user: Check the quota now', 'assistant: The quota is fine.', 'user: Ping the ledger']);
    expect(await page.locator('.chat-user-bubble').allTextContents()).toEqual(['Check the quota now', 'Ping the ledger']);
    await page.locator('.chat-msg.is-user').last().getByRole('group', { name: 'Version 2 of 2' }).waitFor();
  });

  it('after a failed send (429) sends the next message alone and keeps the failed one visibly failed', async () => {
    const { page } = app;
    await newChat();
    await sendMessage(page, 'Test the rate limit please');
    const failedUser = page.locator('.chat-msg.is-user', { hasText: 'Test the rate limit please' });
    const note = failedUser.getByRole('note');
    await note.waitFor();
    await idle();

    await sendMessage(page, 'Write a long essay');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent()).toContain('An essay, as asked.');
    // Exactly what the chat shows as sent: the essay request alone, not merged with the failed message.
    expect(lastSent()).toEqual(['user: Write a long essay']);
    expect(JSON.stringify(app.llm?.messageRequests().at(-1)?.body)).not.toContain('rate limit');
    // The failed message is still on screen, marked, with its three actions.
    expect(await note.textContent()).toContain('left out of what Claude sees');
    for (const name of ['Retry', 'Edit', 'Delete message']) expect(await note.getByRole('button', { name }).isVisible()).toBe(true);

    // Delete asks once more, then removes the failed message alone; the essay and its answer stay.
    await note.getByRole('button', { name: 'Delete message' }).click();
    await note.getByRole('button', { name: 'Press again to delete' }).click();
    await expect.poll(() => page.locator('.chat-user-bubble').allTextContents()).toEqual(['Write a long essay']);
    expect(await page.locator('.chat-msg.is-assistant').last().textContent()).toContain('An essay, as asked.');
    expect(app.pageErrors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
