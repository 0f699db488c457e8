// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markFullscreenApp } from './fullscreenMark.ts';

const marked = () => document.documentElement.classList.contains('has-fullscreen-app');

describe('markFullscreenApp', () => {
  it('marks the document while any app is full screen, and releasing twice counts once', () => {
    expect(marked()).toBe(false);
    const first = markFullscreenApp();
    const second = markFullscreenApp();
    expect(marked()).toBe(true);
    first();
    first();
    // The second app still covers the window: the list keeps its containment and transforms lifted.
    expect(marked()).toBe(true);
    second();
    expect(marked()).toBe(false);
  });
});
