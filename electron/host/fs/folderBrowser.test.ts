import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFile, listFolders } from './folderBrowser.ts';
import { createFolderCalls } from './folderCalls.ts';

describe('the folder browser', () => {
  let home = '';
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'sb-folders-'));
    await mkdir(join(home, 'projects', 'beta'), { recursive: true });
    await mkdir(join(home, 'Alpha'));
    await mkdir(join(home, '.config'));
    await writeFile(join(home, 'notes.txt'), 'not a folder');
    await writeFile(join(home, 'b10.json'), '{}');
    await writeFile(join(home, 'b9.json'), '{}');
    await writeFile(join(home, '.env'), 'hidden file');
    await symlink(join(home, 'projects'), join(home, 'linked'));
    await symlink(join(home, 'notes.txt'), join(home, 'notes-link'));
    await symlink(join(home, 'gone.txt'), join(home, 'broken-link'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it('starts at home and lists only sub-folders (links to folders included), sorted, without hidden ones', async () => {
    const listing = await listFolders({}, home);
    expect(listing).toMatchObject({ ok: true, value: { path: home, home, truncated: false } });
    expect(listing.ok && listing.value.folders.map((f) => f.name)).toEqual(['Alpha', 'linked', 'projects']);
    expect(listing.ok && listing.value.parent).toBe(join(home, '..'));
  });

  it('lists hidden folders when asked, and a sub-folder by path', async () => {
    const hidden = await listFolders({ showHidden: true }, home);
    expect(hidden.ok && hidden.value.folders.find((f) => f.name === '.config')?.hidden).toBe(true);
    const sub = await listFolders({ path: join(home, 'projects') }, home);
    expect(sub.ok && sub.value.folders).toEqual([{ name: 'beta', path: join(home, 'projects', 'beta'), hidden: false }]);
  });

  it('refuses a file, a missing path and a relative path with a named error', async () => {
    expect(await listFolders({ path: join(home, 'notes.txt') }, home)).toMatchObject({ ok: false, error: { code: 'invalid_params', detail: 'not_a_directory', field: 'path' } });
    expect(await listFolders({ path: join(home, 'nope') }, home)).toMatchObject({ ok: false, error: { code: 'not_found', detail: 'not_found' } });
    expect(await listFolders({ path: 'relative/dir' }, home)).toMatchObject({ ok: false, error: { code: 'invalid_params', detail: 'not_absolute' } });
  });

  it('words every refusal as a host message code the window translates, the English kept in message', async () => {
    const nope = join(home, 'nope');
    expect(await listFolders({ path: join(home, 'notes.txt') }, home)).toMatchObject({ ok: false, error: { text: { code: 'fs.notAFolder', params: { path: join(home, 'notes.txt') } } } });
    expect(await listFolders({ path: nope }, home)).toMatchObject({ ok: false, error: { message: `No folder at ${nope}`, text: { code: 'fs.noFolder', params: { path: nope } } } });
    expect(await listFolders({ path: 'relative/dir' }, home)).toMatchObject({ ok: false, error: { text: { code: 'fs.notAbsoluteFolder', params: { path: 'relative/dir' } } } });
    expect(await checkFile(nope)).toMatchObject({ ok: false, error: { text: { code: 'fs.noFile' } } });
    expect(await checkFile('notes.txt')).toMatchObject({ ok: false, error: { text: { code: 'fs.notAbsoluteFile' } } });
    expect(await checkFile(join(home, 'Alpha'))).toMatchObject({ ok: false, error: { text: { code: 'fs.isAFolder', params: { path: join(home, 'Alpha') } } } });
    expect(await createFolderCalls({ home })['folders.pick']({})).toMatchObject({ ok: false, error: { text: { code: 'fs.noFolderDialog' } } });
    expect(await createFolderCalls({ home })['files.pick']({})).toMatchObject({ ok: false, error: { text: { code: 'fs.noFileDialog' } } });
    const failing = createFolderCalls({ home, pickFolder: () => Promise.reject(new Error('no display')) });
    expect(await failing['folders.pick']({})).toMatchObject({ ok: false, error: { message: 'The folder dialog failed: no display', text: { code: 'fs.folderDialogFailed', params: { reason: 'no display' } } } });
  });

  it('folders.pick is refused where there is no OS dialog, and answers the dialog otherwise', async () => {
    expect(await createFolderCalls({ home })['folders.pick']({})).toMatchObject({ ok: false, error: { code: 'not_implemented' } });
    const calls = createFolderCalls({ home, pickFolder: (start) => Promise.resolve(start === home ? join(home, 'Alpha') : undefined) });
    expect(await calls['folders.pick']({ start: home })).toEqual({ ok: true, value: { path: join(home, 'Alpha') } });
    expect(await calls['folders.pick']({})).toEqual({ ok: true, value: { path: null } });
  });

  it('lists files after the folders when asked (links to files included, broken links not), hidden ones on request', async () => {
    const listing = await listFolders({ files: true }, home);
    expect(listing.ok && listing.value.folders.map((f) => f.name)).toEqual(['Alpha', 'linked', 'projects']);
    expect(listing.ok && listing.value.files?.map((f) => f.name)).toEqual(['b9.json', 'b10.json', 'notes-link', 'notes.txt']);
    expect(listing.ok && listing.value.files?.[0]).toEqual({ name: 'b9.json', path: join(home, 'b9.json'), hidden: false });
    const hidden = await listFolders({ files: true, showHidden: true }, home);
    expect(hidden.ok && hidden.value.files?.find((f) => f.name === '.env')?.hidden).toBe(true);
    // Without `files` a listing has no files at all (roots ask for folders only).
    const plain = await listFolders({}, home);
    expect(plain.ok && 'files' in plain.value).toBe(false);
  });

  it('accepts a regular file (or a link to one) as the chosen file, and refuses a folder with not_a_file', async () => {
    expect(await checkFile(join(home, 'notes.txt'))).toEqual({ ok: true, value: { path: join(home, 'notes.txt'), folder: home } });
    expect(await checkFile(join(home, 'notes-link'))).toEqual({ ok: true, value: { path: join(home, 'notes-link'), folder: home } });
    expect(await checkFile(join(home, 'Alpha'))).toMatchObject({ ok: false, error: { code: 'invalid_params', detail: 'not_a_file', field: 'path', message: `${join(home, 'Alpha')} is a folder, not a file` } });
    expect(await checkFile(join(home, 'linked'))).toMatchObject({ ok: false, error: { detail: 'not_a_file' } });
    expect(await checkFile(join(home, 'broken-link'))).toMatchObject({ ok: false, error: { code: 'not_found', detail: 'not_found' } });
    expect(await checkFile('notes.txt')).toMatchObject({ ok: false, error: { code: 'invalid_params', detail: 'not_absolute' } });
  });

  it('files.pick is refused where there is no OS dialog, answers at most one file unless several are asked for', async () => {
    expect(await createFolderCalls({ home })['files.pick']({})).toMatchObject({ ok: false, error: { code: 'not_implemented' } });
    const asked: [string | undefined, boolean][] = [];
    const calls = createFolderCalls({
      home,
      pickFiles: (start, multiple) => {
        asked.push([start, multiple]);
        return Promise.resolve(['/a.txt', '/b.txt']);
      },
    });
    expect(await calls['files.pick']({ start: home })).toEqual({ ok: true, value: { paths: ['/a.txt'] } });
    expect(await calls['files.pick']({ multiple: true })).toEqual({ ok: true, value: { paths: ['/a.txt', '/b.txt'] } });
    expect(asked).toEqual([[home, false], [undefined, true]]);
    const failing = createFolderCalls({ home, pickFiles: () => Promise.reject(new Error('no display')) });
    expect(await failing['files.pick']({})).toMatchObject({ ok: false, error: { code: 'internal', message: 'The file dialog failed: no display' } });
    expect(await calls['files.check']({ path: join(home, 'projects') })).toMatchObject({ ok: false, error: { detail: 'not_a_file' } });
  });
});
