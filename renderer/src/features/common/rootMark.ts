/**
 * Classes on the root element for states that style elements far from where they happen: a modal dialog open (the toast
 * strip spans the window, toaster.css) and an app full screen (the chat list lifts its containment and row transforms,
 * apps.css). They were `:has()` rules (`:root:has(.dialog-overlay)`, `.chat-scroll:has(.app-frame.is-fullscreen)`), and
 * a `:has()` that matches nothing walks the whole page or list each time its element's style is computed: 20-55 ms of
 * style work per streamed reply each (the ui bench's selector statistics), for states that are almost never on.
 */

const counts = new Map<string, number>();

/** Adds `name` to the root element's classes for one holder; returns what releases it (the class goes with the last). */
export function markRoot(name: string): () => void {
  counts.set(name, (counts.get(name) ?? 0) + 1);
  document.documentElement.classList.add(name);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(name) ?? 1) - 1;
    counts.set(name, left);
    if (left === 0) document.documentElement.classList.remove(name);
  };
}
