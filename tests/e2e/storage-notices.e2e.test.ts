/**
 * Files kept aside, end to end in Chromium: a corrupt history.db moved aside is announced above the app and stays
 * announced after a reload until the user dismisses it; a history an earlier version moved aside comes back with
 * Restore, its chats in the sidebar.
 */
import { randomUUID } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../electron/host/environment.ts';
import { ChatRepository } from '../../electron/host/store/chatRepository.ts';
import { openHistoryDatabase } from '../../electron/host/store/database.ts';
import { startApp, type E2eApp } from './harness.ts';

let app: E2eApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('storage notices in the browser', () => {
  it('a moved-aside history is announced across reloads until dismissed', async () => {
    app = await startApp({ prepareDataDir: (dir) => writeFileSync(join(dir, 'history.db'), 'precious but damaged bytes '.repeat(500)) });
    const { page } = app;
    const notice = page.getByTestId('storage-notice');
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.textContent()).toMatch(/Your chat history was set aside.*history\.db\.corrupt-/);

    await page.reload();
    await page.locator('nav.sb').waitFor();
    await expect.poll(() => notice.count()).toBe(1);

    await notice.getByRole('button', { name: /^Dismiss the notice about history\.db\.corrupt-/ }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.reload();
    await page.locator('nav.sb').waitFor();
    // What the reloaded page reads (app.info) no longer has the notice, so no banner can come back.
    const info = await app.api['app.info']({});
    expect(info.ok && info.value.storageNotices).toEqual([]);
    expect(await notice.count()).toBe(0);
  });

  it('Restore brings back a history an earlier version moved aside, and its chats appear', async () => {
    app = await startApp({
      prepareDataDir: (dir) => {
        const { db } = openHistoryDatabase(join(dir, 'history.db'), silentLogger);
        new ChatRepository(db).createChat(randomUUID(), 'Written before the disk filled up', 'claude-sonnet-4-5', Date.now());
        db.close();
        // What versions before the fix did on a full disk: the healthy file renamed, an empty history started.
        renameSync(join(dir, 'history.db'), join(dir, 'history.db.corrupt-2026-11-30T10-00-00-000Z'));
      },
    });
    const { page } = app;
    const notice = page.getByTestId('storage-notice');
    await expect.poll(() => notice.count()).toBe(1);
    await notice.getByRole('button', { name: 'Restore' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => page.getByTestId('chat-item').allTextContents()).toEqual([expect.stringContaining('Written before the disk filled up')]);
    // The (empty) history it replaced is announced in its place, so the swap can be undone.
    await expect.poll(() => notice.textContent()).toMatch(/history\.db\.replaced-/);
  });
});
