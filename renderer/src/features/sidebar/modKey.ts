/** The modifier key's label in shortcut hints: ⌘ on Apple systems, Ctrl elsewhere. */
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The modifier key's label in shortcut hints. */
export const modKey = isMac ? '⌘' : 'Ctrl';
