import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFolders } from './folderBrowser.ts';
import { createFolderCalls } from './folderCalls.ts';

describe('the folder browser', () => {
  let home = '';
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'sb-folders-'));
    await mkdir(join(home, 'projects', 'beta'), { recursive: true });
    await mkdir(join(home, 'Alpha'));
    await mkdir(join(home, '.config'));
    await writeFile(join(home, 'notes.txt'), 'not a folder');
    await symlink(join(home, 'projects'), join(home, 'linked'));
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

  it('folders.pick is refused where there is no OS dialog, and answers the dialog otherwise', async () => {
    expect(await createFolderCalls({ home })['folders.pick']({})).toMatchObject({ ok: false, error: { code: 'not_implemented' } });
    const calls = createFolderCalls({ home, pickFolder: (start) => Promise.resolve(start === home ? join(home, 'Alpha') : undefined) });
    expect(await calls['folders.pick']({ start: home })).toEqual({ ok: true, value: { path: join(home, 'Alpha') } });
    expect(await calls['folders.pick']({})).toEqual({ ok: true, value: { path: null } });
  });
});
