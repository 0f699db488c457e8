/** Applies the theme setting to <html data-theme>, following the OS when the choice is 'system'. */
import { useEffect } from 'react';

const storageKey = 'switchboard.theme';

/** Resolves a choice to light or dark. */
export function resolveTheme(choice: string | undefined, prefersDark: boolean): 'light' | 'dark' {
  if (choice === 'light' || choice === 'dark') return choice;
  return prefersDark ? 'dark' : 'light';
}

/** Applies a theme choice now (also used before React mounts, so the first paint has the right colours). */
export function applyTheme(choice: string | undefined): void {
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  document.documentElement.dataset.theme = resolveTheme(choice, prefersDark);
}

/** The last theme choice, remembered for the next start. */
export function rememberedTheme(): string | undefined {
  try {
    return localStorage.getItem(storageKey) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the document's theme in step with the setting and, for 'system', with the OS. */
export function useTheme(choice: string | undefined): void {
  useEffect(() => {
    if (!choice) return;
    try {
      localStorage.setItem(storageKey, choice);
    } catch {
      // Without storage the next start briefly shows the system theme; nothing else depends on it.
    }
    applyTheme(choice);
    if (choice !== 'system' || !window.matchMedia) return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [choice]);
}
