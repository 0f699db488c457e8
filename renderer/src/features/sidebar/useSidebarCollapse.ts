/** Ctrl/Cmd+B collapses or expands the sidebar; crossing 900 px collapses it (narrower) or expands it (wider). */
import { useEffect } from 'react';
import { useStore } from '../../store/index.ts';
import { narrowWidth } from '../../store/uiSlice.ts';
import { isToggleSidebarKey } from '../attention/shortcuts.ts';

/** Binds the shortcut and the width rule; mount once (App). */
export function useSidebarCollapse(): void {
  const toggleSidebar = useStore((s) => s.toggleSidebar);
  const setSidebarCollapsed = useStore((s) => s.setSidebarCollapsed);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isToggleSidebarKey(e)) return;
      e.preventDefault();
      if (!e.repeat) toggleSidebar();
    };
    window.addEventListener('keydown', onKey);
    const narrow = typeof window.matchMedia === 'function' ? window.matchMedia(`(max-width: ${narrowWidth - 1}px)`) : undefined;
    const onWidth = (e: MediaQueryListEvent) => setSidebarCollapsed(e.matches);
    narrow?.addEventListener('change', onWidth);
    return () => {
      window.removeEventListener('keydown', onKey);
      narrow?.removeEventListener('change', onWidth);
    };
  }, [toggleSidebar, setSidebarCollapsed]);
}
