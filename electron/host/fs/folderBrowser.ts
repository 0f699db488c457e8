/**
 * The browser behind web mode's "Choose folder…" and "Choose file…": lists the sub-folders of one folder, and its
 * files when a file is being chosen (names only, never contents). The desktop uses the OS dialogs instead
 * (electron/desktop/folderPicker.ts).
 */
import { readdir, stat } from 'node:fs/promises';
import type { Dirent, Stats } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import { folderListLimit, type FolderEntry, type FolderListing } from '../../../shared/folders.ts';

/** What to list: a folder (default: the user's home), whether dot-entries are included, and whether files are. */
export interface ListFoldersRequest {
  path?: string | undefined;
  showHidden?: boolean | undefined;
  files?: boolean | undefined;
}

/** An absolute path's stats, or the refusal naming why it cannot be used (`detail`: not_absolute, not_found, unreadable). */
async function statPath(wanted: string, what: 'folder' | 'file'): Promise<Result<{ resolved: string; info: Stats }>> {
  if (!path.isAbsolute(wanted)) return hostErr('invalid_params', hostMessage(what === 'folder' ? 'fs.notAbsoluteFolder' : 'fs.notAbsoluteFile', { path: wanted }), { field: 'path', detail: 'not_absolute' });
  const resolved = path.resolve(wanted);
  const info = await stat(resolved).catch((cause: NodeJS.ErrnoException) => cause);
  if (!(info instanceof Error)) return ok({ resolved, info });
  if (info.code === 'ENOENT') return hostErr('not_found', hostMessage(what === 'folder' ? 'fs.noFolder' : 'fs.noFile', { path: resolved }), { field: 'path', detail: 'not_found' });
  return hostErr('invalid_params', hostMessage('fs.unreadable', { path: resolved, reason: info.message }), { field: 'path', detail: 'unreadable' });
}

/** What an entry is; a symbolic link counts as what it leads to (a linked project folder is a normal choice). */
async function kindOf(entry: Dirent, full: string): Promise<'folder' | 'file' | undefined> {
  if (entry.isDirectory()) return 'folder';
  if (entry.isFile()) return 'file';
  if (!entry.isSymbolicLink()) return undefined;
  const target = await stat(full).catch(() => undefined);
  return target?.isDirectory() ? 'folder' : target?.isFile() ? 'file' : undefined;
}

const byName = (a: FolderEntry, b: FolderEntry) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });

/** Lists the sub-folders (and files) of `request.path`; a path that is not a folder is refused with `not_a_directory` in `detail`. */
export async function listFolders(request: ListFoldersRequest, home: string = homedir()): Promise<Result<FolderListing>> {
  const found = await statPath(request.path?.trim() || home, 'folder');
  if (!found.ok) return found;
  const folder = found.value.resolved;
  if (!found.value.info.isDirectory()) return hostErr('invalid_params', hostMessage('fs.notAFolder', { path: folder }), { field: 'path', detail: 'not_a_directory' });
  let names;
  try {
    names = await readdir(folder, { withFileTypes: true });
  } catch (cause) {
    return hostErr('invalid_params', hostMessage('fs.unreadable', { path: folder, reason: cause instanceof Error ? cause.message : String(cause) }), { field: 'path', detail: 'unreadable' });
  }
  const folders: FolderEntry[] = [];
  const files: FolderEntry[] = [];
  for (const entry of names) {
    const hidden = entry.name.startsWith('.');
    if (hidden && request.showHidden !== true) continue;
    const full = path.join(folder, entry.name);
    const kind = await kindOf(entry, full);
    // Sockets, devices and broken links are neither: they cannot be chosen.
    if (kind === 'folder') folders.push({ name: entry.name, path: full, hidden });
    else if (kind === 'file' && request.files === true) files.push({ name: entry.name, path: full, hidden });
  }
  folders.sort(byName);
  files.sort(byName);
  const parent = path.dirname(folder);
  return ok({
    path: folder,
    ...(parent !== folder ? { parent } : {}),
    home,
    folders: folders.slice(0, folderListLimit),
    ...(request.files === true ? { files: files.slice(0, folderListLimit) } : {}),
    truncated: folders.length > folderListLimit || files.length > folderListLimit,
  });
}

/** The chosen path and its folder when it is a regular file (a link to one included); a folder is refused with `not_a_file` in `detail`. */
export async function checkFile(wanted: string): Promise<Result<{ path: string; folder: string }>> {
  const found = await statPath(wanted.trim(), 'file');
  if (!found.ok) return found;
  const { resolved, info } = found.value;
  if (info.isDirectory()) return hostErr('invalid_params', hostMessage('fs.isAFolder', { path: resolved }), { field: 'path', detail: 'not_a_file' });
  if (!info.isFile()) return hostErr('invalid_params', hostMessage('fs.notRegularFile', { path: resolved }), { field: 'path', detail: 'not_a_file' });
  return ok({ path: resolved, folder: path.dirname(resolved) });
}
