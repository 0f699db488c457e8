/**
 * The `folders.*` and `files.*` calls behind "Choose folder…" and "Choose file…": the OS dialogs where the host has
 * them, the host-side browser otherwise.
 */
import { hostErr, ok } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { HostApi } from '../../../shared/contract.ts';
import type { FolderPickerKind } from '../../../shared/folders.ts';
import { checkFile, listFolders } from './folderBrowser.ts';

/** Calls owned by the folders module. */
export type FolderCalls = Pick<HostApi, 'folders.list' | 'folders.pick' | 'files.pick' | 'files.check'>;

/** The OS folder dialog (desktop): the chosen absolute path, or undefined when the user cancelled. */
export type PickFolder = (start: string | undefined) => Promise<string | undefined>;

/** The OS file dialog (desktop): the chosen absolute paths (one unless `multiple`), empty when the user cancelled. */
export type PickFiles = (start: string | undefined, multiple: boolean) => Promise<string[]>;

/** Which picker the window should offer (the desktop has both dialogs, web mode neither). */
export function folderPickerKind(pickFolder: PickFolder | undefined): FolderPickerKind {
  return pickFolder ? 'native' : 'browse';
}

const dialogFailed = (what: 'folder' | 'file', cause: unknown) =>
  hostErr('internal', hostMessage(what === 'folder' ? 'fs.folderDialogFailed' : 'fs.fileDialogFailed', { reason: cause instanceof Error ? cause.message : String(cause) }));

/** Builds the folder and file calls; `home` is where browsing starts (tests pass a temporary folder). */
export function createFolderCalls(deps: { pickFolder?: PickFolder | undefined; pickFiles?: PickFiles | undefined; home?: string }): FolderCalls {
  return {
    'folders.list': ({ path, showHidden, files }) => listFolders({ path, showHidden, files }, deps.home),
    async 'folders.pick'({ start }) {
      if (!deps.pickFolder) return hostErr('not_implemented', hostMessage('fs.noFolderDialog'));
      try {
        return ok({ path: (await deps.pickFolder(start)) ?? null });
      } catch (cause) {
        return dialogFailed('folder', cause);
      }
    },
    async 'files.pick'({ start, multiple }) {
      if (!deps.pickFiles) return hostErr('not_implemented', hostMessage('fs.noFileDialog'));
      try {
        const paths = await deps.pickFiles(start, multiple === true);
        // The dialog lets one through only with `multiple`; never answer more than asked for.
        return ok({ paths: multiple === true ? paths : paths.slice(0, 1) });
      } catch (cause) {
        return dialogFailed('file', cause);
      }
    },
    'files.check': ({ path }) => checkFile(path),
  };
}
