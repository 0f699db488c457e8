// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markRoot } from './rootMark.ts';

const marked = (name: string) => document.documentElement.classList.contains(name);

describe('markRoot', () => {
  it('keeps the class while any holder has it, and a release twice counts once', () => {
    expect(marked('has-fullscreen-app')).toBe(false);
    const first = markRoot('has-fullscreen-app');
    const second = markRoot('has-fullscreen-app');
    const dialog = markRoot('has-dialog');
    expect(marked('has-fullscreen-app')).toBe(true);
    first();
    first();
    // The second app still covers the window: the list keeps its containment and transforms lifted.
    expect(marked('has-fullscreen-app')).toBe(true);
    second();
    expect(marked('has-fullscreen-app')).toBe(false);
    // Each class is counted on its own.
    expect(marked('has-dialog')).toBe(true);
    dialog();
    expect(marked('has-dialog')).toBe(false);
  });
});
