/**
 * Marks the document while an app is full screen (`has-fullscreen-app` on the root element), so the chat list can lift
 * what would bound a full-screen frame to its row: the scroller's containment and the rows' transforms (apps.css).
 * These were `:has(.app-frame.is-fullscreen)` rules on the scroller and each row, and a `:has()` that matches nothing
 * walks the whole subtree each time its element's style is computed: 20-30 ms per streamed reply (the ui bench's
 * selector statistics) for a state that is almost never on.
 */

const MARK = 'has-fullscreen-app';
let fullscreenApps = 0;

/** Marks the document for one full-screen app; returns what removes that mark (the class goes when none is left). */
export function markFullscreenApp(): () => void {
  fullscreenApps += 1;
  document.documentElement.classList.add(MARK);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    fullscreenApps -= 1;
    if (fullscreenApps === 0) document.documentElement.classList.remove(MARK);
  };
}
