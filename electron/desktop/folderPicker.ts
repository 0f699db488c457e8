/** The desktop's "Choose folder…" and "Choose file…": Electron's own dialogs, attached to the window when there is one. */
import type { BaseWindow, OpenDialogOptions, OpenDialogReturnValue } from 'electron';

/** The part of Electron's `dialog` module used here (tests pass a fake). */
export interface FolderDialog {
  showOpenDialog(window: BaseWindow, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
  showOpenDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
}

/** Opens the dialog on the window when it is still there, else on its own. */
async function open(dialog: FolderDialog, window: () => BaseWindow | undefined, options: OpenDialogOptions): Promise<OpenDialogReturnValue> {
  const parent = window();
  return parent && !parent.isDestroyed() ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options);
}

/** A `pickFolder` for the host environment: the chosen folder's absolute path, or undefined when cancelled. */
export function folderPicker(dialog: FolderDialog, window: () => BaseWindow | undefined): (start: string | undefined) => Promise<string | undefined> {
  return async (start) => {
    const result = await open(dialog, window, { properties: ['openDirectory'], ...(start ? { defaultPath: start } : {}) });
    return result.canceled ? undefined : result.filePaths[0];
  };
}

/** A `pickFiles` for the host environment: the chosen files' absolute paths (several only when `multiple`), empty when cancelled. */
export function filePicker(dialog: FolderDialog, window: () => BaseWindow | undefined): (start: string | undefined, multiple: boolean) => Promise<string[]> {
  return async (start, multiple) => {
    const result = await open(dialog, window, { properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'], ...(start ? { defaultPath: start } : {}) });
    return result.canceled ? [] : result.filePaths;
  };
}
