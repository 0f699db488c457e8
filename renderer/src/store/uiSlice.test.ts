// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from './index.ts';

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });

describe('ui slice: sidebar', () => {
  const initial = window.innerWidth;
  afterEach(() => setWidth(initial));

  it('starts collapsed below 900 px and expanded from 900 px', () => {
    setWidth(899);
    expect(createAppStore().getState().sidebarCollapsed).toBe(true);
    setWidth(900);
    expect(createAppStore().getState().sidebarCollapsed).toBe(false);
  });

  it('toggles', () => {
    setWidth(1280);
    const store = createAppStore();
    store.getState().toggleSidebar();
    expect(store.getState().sidebarCollapsed).toBe(true);
    store.getState().toggleSidebar();
    expect(store.getState().sidebarCollapsed).toBe(false);
  });
});
