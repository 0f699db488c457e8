import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSize, fitToDisplays, loadWindowState, minimumSize, parseWindowState, saveWindowState } from './windowState.ts';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const external = { x: 1440, y: 0, width: 2560, height: 1415 };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('window state', () => {
  it('reopens where it was, maximized or not', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1300, height: 900 }, maximized: true };
    expect(fitToDisplays(saved, [laptop, external])).toEqual({ bounds: saved.bounds, maximized: true });
  });

  it('comes back onto a visible screen after its monitor was unplugged', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1300, height: 900 }, maximized: false };
    const placed = fitToDisplays(saved, [laptop]);
    expect(placed.bounds.x).toBeUndefined(); // centred by Electron on the primary display
    expect(placed.bounds).toMatchObject({ width: 1300, height: 875 });
  });

  it('is clamped into the work area and never below the minimum size', () => {
    const placed = fitToDisplays({ bounds: { x: 1200, y: 10, width: 400, height: 3000 }, maximized: false }, [laptop]);
    expect(placed.bounds).toEqual({ x: 1440 - minimumSize.width, y: 0, width: minimumSize.width, height: 875 });
    // A title bar above the top of every screen cannot be grabbed: the window is centred instead.
    expect(fitToDisplays({ bounds: { x: 100, y: -200, width: 800, height: 600 }, maximized: false }, [laptop]).bounds).toEqual({ width: 800, height: 600 });
  });

  it('opens at the default size without a saved state, and ignores a broken file', () => {
    expect(fitToDisplays(undefined, [laptop])).toEqual({ bounds: defaultSize, maximized: false });
    expect(parseWindowState('{"bounds":{"x":"1"}}')).toBeUndefined();
    expect(parseWindowState('not json')).toBeUndefined();
  });

  it('round-trips through its file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-win-'));
    dirs.push(dir);
    const path = join(dir, 'nested', 'window-state.json');
    expect(loadWindowState(path)).toBeUndefined();
    saveWindowState(path, { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: false });
    expect(loadWindowState(path)).toEqual({ bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: false });
    writeFileSync(path, '{');
    expect(loadWindowState(path)).toBeUndefined();
  });
});
