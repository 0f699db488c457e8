/** The `folders.*` calls behind "Choose folder…": the OS dialog where the host has one, the folder browser otherwise. */
import { err, ok } from '../../../shared/errors.ts';
import type { HostApi } from '../../../shared/contract.ts';
import type { FolderPickerKind } from '../../../shared/folders.ts';
import { listFolders } from './folderBrowser.ts';

/** Calls owned by the folders module. */
export type FolderCalls = Pick<HostApi, 'folders.list' | 'folders.pick'>;

/** The OS folder dialog (desktop): the chosen absolute path, or undefined when the user cancelled. */
export type PickFolder = (start: string | undefined) => Promise<string | undefined>;

/** Which picker the window should offer. */
export function folderPickerKind(pickFolder: PickFolder | undefined): FolderPickerKind {
  return pickFolder ? 'native' : 'browse';
}

/** Builds the folder calls; `home` is where browsing starts (tests pass a temporary folder). */
export function createFolderCalls(deps: { pickFolder?: PickFolder | undefined; home?: string }): FolderCalls {
  return {
    'folders.list': ({ path, showHidden }) => listFolders({ path, showHidden }, deps.home),
    async 'folders.pick'({ start }) {
      if (!deps.pickFolder) return err('not_implemented', 'This window has no folder dialog; browse with folders.list instead');
      try {
        return ok({ path: (await deps.pickFolder(start)) ?? null });
      } catch (cause) {
        return err('internal', `The folder dialog failed: ${cause instanceof Error ? cause.message : String(cause)}`);
      }
    },
  };
}
