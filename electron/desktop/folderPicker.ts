/** The desktop's "Choose folder…": Electron's own folder dialog, attached to the window when there is one. */
import type { BaseWindow, OpenDialogOptions, OpenDialogReturnValue } from 'electron';

/** The part of Electron's `dialog` module used here (tests pass a fake). */
export interface FolderDialog {
  showOpenDialog(window: BaseWindow, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
  showOpenDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
}

/** A `pickFolder` for the host environment: the chosen folder's absolute path, or undefined when cancelled. */
export function folderPicker(dialog: FolderDialog, window: () => BaseWindow | undefined): (start: string | undefined) => Promise<string | undefined> {
  return async (start) => {
    const options: OpenDialogOptions = { properties: ['openDirectory'], ...(start ? { defaultPath: start } : {}) };
    const parent = window();
    const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return result.canceled ? undefined : result.filePaths[0];
  };
}
