/** Remembers the window's size, position and maximized state in a small JSON file, and keeps it on a visible screen. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A rectangle in screen coordinates. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered between runs. */
export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

/** Size of a fresh window; also the floor for remembered sizes. */
export const defaultSize = { width: 1200, height: 800 };
/** The smallest window the layout is designed for. */
export const minimumSize = { width: 720, height: 480 };

function isRect(value: unknown): value is Rect {
  if (!value || typeof value !== 'object') return false;
  const rect = value as Record<string, unknown>;
  return ['x', 'y', 'width', 'height'].every((key) => typeof rect[key] === 'number' && Number.isFinite(rect[key]));
}

/** Parses a saved state; anything malformed yields undefined (a fresh window), never a crash. */
export function parseWindowState(text: string): WindowState | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return undefined;
    const { bounds, maximized } = parsed as Record<string, unknown>;
    if (!isRect(bounds)) return undefined;
    return { bounds, maximized: maximized === true };
  } catch {
    return undefined;
  }
}

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Fits saved bounds to the displays present now: sizes are clamped to the display's work area, and a window whose
 * title bar would be off every screen (a monitor unplugged since) is centred on the primary display instead.
 */
export function fitToDisplays(saved: WindowState | undefined, workAreas: Rect[]): { bounds: Partial<Rect> & { width: number; height: number }; maximized: boolean } {
  const primary = workAreas[0];
  if (!saved || !primary) return { bounds: { ...defaultSize }, maximized: false };
  const { bounds } = saved;
  // The title bar strip is what the user needs to reach to move the window.
  const titleBar: Rect = { x: bounds.x, y: bounds.y, width: bounds.width, height: 32 };
  const host = workAreas.reduce<Rect | undefined>((best, area) => (overlapArea(titleBar, area) > (best ? overlapArea(titleBar, best) : 0) ? area : best), undefined);
  const area = host ?? primary;
  const width = Math.max(minimumSize.width, Math.min(bounds.width, area.width));
  const height = Math.max(minimumSize.height, Math.min(bounds.height, area.height));
  if (!host) return { bounds: { width, height }, maximized: saved.maximized };
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height);
  return { bounds: { x, y, width, height }, maximized: saved.maximized };
}

/** Reads the saved state from `path`; a missing or broken file means a fresh window. */
export function loadWindowState(path: string): WindowState | undefined {
  try {
    return parseWindowState(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Writes the state atomically; a failure only costs the remembered position, so it is swallowed. */
export function saveWindowState(path: string, state: WindowState): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(state));
    renameSync(temp, path);
  } catch {
    // Not worth bothering the user: next launch opens a default-sized window.
  }
}
