/**
 * Start-up work that would otherwise land in the first reply (compiling the Markdown parser's code paths, KaTeX,
 * loading Intl's locale data: tens of milliseconds each on first use) runs in a task of its own right after the page
 * first paints, when nobody can have sent a message yet. An idle callback, as before, waited up to 300 ms and so ran
 * inside a reply that started as soon as the page opened (a reload while a reply streams).
 */

/** Runs `run` once, in its own task just after the next painted frame (after a second at most: hidden tabs paint no frames). */
export function afterFirstPaint(run: () => void): void {
  if (typeof window === 'undefined') return;
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(() => void setTimeout(once, 0));
  setTimeout(once, 1000);
}
