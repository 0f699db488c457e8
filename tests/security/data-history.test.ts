/**
 * A history that looks lost (issue 9 item 3): only a corrupt history.db is moved aside; an I/O failure at open stops
 * the start and touches nothing; a file moved aside is announced at every start until dismissed, and can be restored.
 * Whole host (createHost) on real files.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorageNotice } from '../../shared/contract.ts';
import { createHost, type Host } from '../../electron/host/createHost.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { FileSecretStore } from '../../electron/host/store/fileSecretStore.ts';
import { HistoryUnavailableError } from '../../electron/host/store/database.ts';
import { LOCK_FILE_NAME } from '../../electron/host/store/dataDirLock.ts';
import { listPushed } from '../integration/chat-harness.ts';

let dirs: string[] = [];
let hosts: Host[] = [];
afterEach(async () => {
  for (const host of hosts) await host.shutdown();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  hosts = [];
  dirs = [];
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-hist-'));
  dirs.push(dir);
  return dir;
}

async function start(dir: string): Promise<Host> {
  const host = await createHost({ mode: 'web', dataDir: dir, secrets: new FileSecretStore(join(dir, 'secrets.json')), logger: silentLogger, openExternal: () => Promise.resolve(), version: '0.0.0-test' });
  hosts.push(host);
  return host;
}

async function stop(host: Host): Promise<void> {
  await host.shutdown();
  hosts = hosts.filter((h) => h !== host);
}

function value<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function storageNotices(host: Host): Promise<StorageNotice[]> {
  return value(await host.api['app.info']({})).storageNotices ?? [];
}

/** A history with one chat titled `title`, made by the host itself, then closed. */
async function historyWithChat(dir: string, title: string): Promise<void> {
  const host = await start(dir);
  const chat = value(await host.api['chats.create']({}));
  value(await host.api['chats.rename']({ chatId: chat.id, title }));
  await stop(host);
}

describe('history.db that cannot be opened', () => {
  it('an I/O failure at open stops the start with a storage_error, leaves the file and the folder as they were, and the next start finds the chats', async () => {
    const dir = dataDir();
    await historyWithChat(dir, 'Trip to Hanoi');
    const bytes = readFileSync(join(dir, 'history.db'));
    const before = readdirSync(dir).sort();
    mkdirSync(join(dir, 'history.db-wal')); // SQLite cannot open the WAL: an I/O-class failure, not corruption

    const failed = await start(dir).then(
      () => undefined,
      (cause: unknown) => cause,
    );
    expect(failed).toBeInstanceOf(HistoryUnavailableError);
    expect((failed as HistoryUnavailableError).appError).toMatchObject({ code: 'storage_error' });
    expect((failed as Error).message).toMatch(/could not open your chat history.*not changed/);
    expect(readFileSync(join(dir, 'history.db'))).toEqual(bytes);
    expect(readdirSync(dir).sort()).toEqual([...before, 'history.db-wal'].sort());
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false); // a failed start releases the folder

    rmSync(join(dir, 'history.db-wal'), { recursive: true });
    const host = await start(dir);
    expect(value(await host.api['chats.list']({})).map((c) => c.title)).toEqual(['Trip to Hanoi']);
    expect(await storageNotices(host)).toEqual([]);
  });
});

describe('a history moved aside', () => {
  it('is announced at every start until dismissed; dismissing keeps the file', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'history.db'), 'precious but damaged bytes '.repeat(500));
    let host = await start(dir);
    const [notice] = await storageNotices(host);
    expect(notice).toMatchObject({ kind: 'history_moved_aside', file: 'history.db' });
    expect(notice?.keptAs).toMatch(/^history\.db\.corrupt-/);
    expect(notice?.reason).toMatch(/not a database/);
    expect(notice?.reasonText).toBeUndefined();
    await stop(host);

    host = await start(dir);
    expect((await storageNotices(host)).map((n) => n.id)).toEqual([notice?.id]);
    expect(value(await host.api['storage.dismissNotice']({ id: notice?.id ?? '' }))).toEqual([]);
    await stop(host);

    host = await start(dir);
    expect(await storageNotices(host)).toEqual([]);
    expect(readFileSync(join(dir, notice?.keptAs ?? ''), 'utf8')).toContain('precious but damaged bytes');
  });

  it('a healthy history moved aside by an earlier version is announced, and Restore brings its chats back, keeping the current one aside', async () => {
    const dir = dataDir();
    await historyWithChat(dir, 'Chat from before the full disk');
    // What the earlier version did on a full disk: renamed the healthy file and started an empty one.
    renameSync(join(dir, 'history.db'), join(dir, 'history.db.corrupt-2026-11-30T10-00-00-000Z'));
    rmSync(join(dir, 'storage-notices.json'));
    await historyWithChat(dir, 'Chat in the empty history');
    rmSync(join(dir, 'storage-notices.json'));

    const host = await start(dir);
    const [earlier] = await storageNotices(host);
    expect(earlier).toMatchObject({ kind: 'history_moved_aside', keptAs: 'history.db.corrupt-2026-11-30T10-00-00-000Z', reasonText: { code: 'store.reasonEarlierVersion' } });
    const chatsChanged: string[][] = [];
    host.events.subscribe((event, payload) => {
      if (event === 'chats.changed') chatsChanged.push((payload as { title: string }[]).map((c) => c.title));
    });

    // A double click: one restore runs, the other is refused instead of swapping the files a second time.
    const [first, second] = await Promise.all([host.api['storage.restoreHistory']({ id: earlier?.id ?? '' }), host.api['storage.restoreHistory']({ id: earlier?.id ?? '' })]);
    expect(second.ok ? 'ok' : second.error.code).toBe('already_exists');
    expect(second.ok ? undefined : second.error.text).toEqual({ code: 'store.restoreInProgress' });
    const after = value(first);
    expect(value(await host.api['chats.list']({})).map((c) => c.title)).toEqual(['Chat from before the full disk']);
    // The list push goes out at the end of the loop turn that asked for it (host/chat/chatListPush.ts).
    await listPushed();
    expect(chatsChanged.at(-1)).toEqual(['Chat from before the full disk']);
    // The history it replaced is kept aside and announced, so the swap can be undone the same way.
    expect(after).toHaveLength(1);
    expect(after[0]?.keptAs).toMatch(/^history\.db\.replaced-/);
    // Why, in words the window translates (SQLite's own reasons stay as they are, with no code).
    expect(after[0]?.reasonText).toEqual({ code: 'store.reasonReplaced', params: { file: 'history.db.corrupt-2026-11-30T10-00-00-000Z' } });
    const replaced = new DatabaseSync(join(dir, after[0]?.keptAs ?? ''), { readOnly: true });
    expect(replaced.prepare('SELECT title FROM chats').all()).toEqual([{ title: 'Chat in the empty history' }]);
    replaced.close();
    // New chats go to the restored history.
    value(await host.api['chats.create']({}));
    expect(value(await host.api['chats.list']({}))).toHaveLength(2);
  });

  it('restoring a file that is still unreadable changes nothing and says why', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'history.db'), 'still damaged '.repeat(500));
    const host = await start(dir);
    const chat = value(await host.api['chats.create']({}));
    const [notice] = await storageNotices(host);
    const result = await host.api['storage.restoreHistory']({ id: notice?.id ?? '' });
    expect(result.ok ? '' : result.error.code).toBe('storage_error');
    expect(result.ok ? '' : result.error.message).toMatch(/could not be used as the chat history.*Nothing was changed/);
    expect(result.ok ? undefined : result.error.text).toMatchObject({ code: 'store.restoreUnusable', params: { file: notice?.keptAs } });
    expect(value(await host.api['chats.list']({})).map((c) => c.id)).toEqual([chat.id]);
    expect(readFileSync(join(dir, notice?.keptAs ?? ''), 'utf8')).toContain('still damaged');
    expect((await storageNotices(host)).map((n) => n.id)).toEqual([notice?.id]);
    expect(readdirSync(dir).filter((f) => f.includes('.replaced-'))).toEqual([]);
  });
});

describe('settings.json that cannot be parsed', () => {
  it('is announced with the file and the problem, kept as it is, and a save says why it was refused', async () => {
    const dir = dataDir();
    const broken = '{ "model": "claude-x", "maxTurns": 7 "theme": "dark" }';
    writeFileSync(join(dir, 'settings.json'), broken);
    const host = await start(dir);
    const [notice] = await storageNotices(host);
    expect(notice).toMatchObject({ kind: 'settings_unreadable', file: 'settings.json' });
    // The parser's problem as a code the banner translates, with the same words as the English reason.
    expect(notice?.reasonText).toMatchObject({ code: 'import.jsonAt', params: { line: 1 } });
    expect(notice?.reason).toMatch(/^Not valid JSON at line 1, column \d+: /);
    expect(readFileSync(join(dir, notice?.keptAs ?? ''), 'utf8')).toBe(broken);
    const saved = await host.api['settings.update']({ maxTurns: 3 });
    expect(saved.ok ? '' : saved.error.code).toBe('storage_error');
    expect(saved.ok ? '' : saved.error.message).toMatch(/settings\.json cannot be read/);
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(broken);
  });

  it('one trailing comma is not a reason to reset anything', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'settings.json'), '{ "maxTurns": 7, "systemPrompt": "be brief", }');
    const host = await start(dir);
    expect(value(await host.api['settings.get']({}))).toMatchObject({ maxTurns: 7, systemPrompt: 'be brief' });
    expect(await storageNotices(host)).toEqual([]);
  });
});
