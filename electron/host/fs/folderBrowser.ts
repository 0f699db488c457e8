/**
 * The folder browser behind web mode's "Choose folder…": lists the sub-folders (names only, never files or contents)
 * of one folder. The desktop uses the OS dialog instead (electron/desktop/folderPicker.ts).
 */
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { err, ok, type Result } from '../../../shared/errors.ts';
import { folderListLimit, type FolderEntry, type FolderListing } from '../../../shared/folders.ts';

/** What to list: a folder (default: the user's home) and whether dot-folders are included. */
export interface ListFoldersRequest {
  path?: string | undefined;
  showHidden?: boolean | undefined;
}

/** Lists the sub-folders of `request.path`; a path that is not a folder is refused with `not_a_directory` in `detail`. */
export async function listFolders(request: ListFoldersRequest, home: string = homedir()): Promise<Result<FolderListing>> {
  const wanted = request.path?.trim() || home;
  if (!path.isAbsolute(wanted)) return err('invalid_params', `"${wanted}" is not an absolute folder path`, { field: 'path', detail: 'not_absolute' });
  const folder = path.resolve(wanted);
  const info = await stat(folder).catch((cause: NodeJS.ErrnoException) => cause);
  if (info instanceof Error) {
    if (info.code === 'ENOENT') return err('not_found', `No folder at ${folder}`, { field: 'path', detail: 'not_found' });
    return err('invalid_params', `${folder} cannot be read: ${info.message}`, { field: 'path', detail: 'unreadable' });
  }
  if (!info.isDirectory()) return err('invalid_params', `${folder} is not a folder`, { field: 'path', detail: 'not_a_directory' });
  let names;
  try {
    names = await readdir(folder, { withFileTypes: true });
  } catch (cause) {
    return err('invalid_params', `${folder} cannot be read: ${cause instanceof Error ? cause.message : String(cause)}`, { field: 'path', detail: 'unreadable' });
  }
  const folders: FolderEntry[] = [];
  for (const entry of names) {
    const hidden = entry.name.startsWith('.');
    if (hidden && request.showHidden !== true) continue;
    const full = path.join(folder, entry.name);
    // A symbolic link counts when it leads to a folder (a linked project folder is a normal choice).
    const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && (await stat(full).then((s) => s.isDirectory()).catch(() => false)));
    if (isFolder) folders.push({ name: entry.name, path: full, hidden });
  }
  folders.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }));
  const parent = path.dirname(folder);
  return ok({
    path: folder,
    ...(parent !== folder ? { parent } : {}),
    home,
    folders: folders.slice(0, folderListLimit),
    truncated: folders.length > folderListLimit,
  });
}
