import { describe, expect, it } from 'vitest';
import type { BaseWindow, OpenDialogOptions, OpenDialogReturnValue } from 'electron';
import { filePicker, folderPicker } from './folderPicker.ts';

function fakeDialog(answer: OpenDialogReturnValue) {
  const calls: { parent: boolean; options: OpenDialogOptions }[] = [];
  const dialog = {
    showOpenDialog(first: BaseWindow | OpenDialogOptions, second?: OpenDialogOptions) {
      calls.push(second ? { parent: true, options: second } : { parent: false, options: first });
      return Promise.resolve(answer);
    },
  };
  return { dialog, calls };
}

describe('the desktop folder picker', () => {
  it('opens a folder-only dialog on the window, starting where asked, and answers the chosen folder', async () => {
    const { dialog, calls } = fakeDialog({ canceled: false, filePaths: ['/home/u/project'] });
    const window = { isDestroyed: () => false } as BaseWindow;
    expect(await folderPicker(dialog, () => window)('/home/u')).toBe('/home/u/project');
    expect(calls).toEqual([{ parent: true, options: { properties: ['openDirectory'], defaultPath: '/home/u' } }]);
  });

  it('answers undefined when cancelled, and works without a window', async () => {
    const { dialog, calls } = fakeDialog({ canceled: true, filePaths: [] });
    expect(await folderPicker(dialog, () => undefined)(undefined)).toBeUndefined();
    expect(calls).toEqual([{ parent: false, options: { properties: ['openDirectory'] } }]);
  });
});

describe('the desktop file picker', () => {
  it('opens a file dialog (never a folder one) on the window, starting where asked', async () => {
    const { dialog, calls } = fakeDialog({ canceled: false, filePaths: ['/home/u/config.json'] });
    const window = { isDestroyed: () => false } as BaseWindow;
    expect(await filePicker(dialog, () => window)('/home/u', false)).toEqual(['/home/u/config.json']);
    expect(calls).toEqual([{ parent: true, options: { properties: ['openFile'], defaultPath: '/home/u' } }]);
  });

  it('lets several files be chosen only when the setting takes several, and answers none when cancelled', async () => {
    const several = fakeDialog({ canceled: false, filePaths: ['/a.txt', '/b.txt'] });
    expect(await filePicker(several.dialog, () => undefined)(undefined, true)).toEqual(['/a.txt', '/b.txt']);
    expect(several.calls).toEqual([{ parent: false, options: { properties: ['openFile', 'multiSelections'] } }]);
    const cancelled = fakeDialog({ canceled: true, filePaths: [] });
    const destroyed = { isDestroyed: () => true } as BaseWindow;
    expect(await filePicker(cancelled.dialog, () => destroyed)(undefined, false)).toEqual([]);
    expect(cancelled.calls).toEqual([{ parent: false, options: { properties: ['openFile'] } }]);
  });
});
