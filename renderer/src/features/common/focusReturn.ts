/**
 * Where focus goes when a dialog closes: back to the element the user was on before it opened (its trigger, or the
 * composer), found from a short focus history because a dialog opened from a menu item outlives that item. When the
 * element is gone (the chat it belonged to was deleted), the composer, else the main area.
 */

const layerSelector = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';
let lastOutside: HTMLElement | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      if (e.target instanceof HTMLElement && e.target !== document.body && !e.target.closest(layerSelector)) lastOutside = e.target;
    },
    true,
  );
}

/** The element focused last outside dialogs and menus (read when a dialog opens). */
export function focusOrigin(): HTMLElement | null {
  return lastOutside;
}

function focusable(element: HTMLElement | null): element is HTMLElement {
  return !!element && element.isConnected && !element.closest('[inert], [hidden]') && !element.matches(':disabled');
}

/** Focuses `origin` when it is still there, else the composer, else the main area. */
export function restoreFocus(origin: HTMLElement | null): void {
  const fallback = document.querySelector<HTMLElement>('.chat-composer-input') ?? document.getElementById('main');
  const target = focusable(origin) ? origin : fallback;
  target?.focus();
}
