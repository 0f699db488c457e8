/**
 * In-page instruments for the ui bench, injected as plain scripts (the bench runs in Node, the code runs in the page):
 * the time the WebSocket frame carrying a marker arrived, the time the marker is on screen, and the longest gap
 * between animation frames while a stream runs.
 */

/**
 * Web mode's renderer folder: BENCH_RENDERER_DIR when set (a build of one's own, which other people's rebuilds of the
 * shared dist/renderer cannot replace mid-run), else the default dist/renderer.
 */
export function rendererOption(): { rendererDir?: string } {
  const dir = process.env.BENCH_RENDERER_DIR;
  return dir ? { rendererDir: dir } : {};
}

/**
 * A page script (run before any page script) that wraps WebSocket so every socket the page opens runs `onMessage`,
 * the JavaScript source of an `(event) => ...` function, on each message. Shared by the ui and servers-ui benches.
 */
export const onSocketMessageScript = (onMessage: string) => `
(() => {
  const Native = window.WebSocket;
  const onMessage = ${onMessage};
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', onMessage);
    }
  };
})();
`;

/** Runs before any page script: timestamps the frame that carries `window.__sb.marker`, and meters frame gaps. */
export const instrumentScript = `
window.__sb = { marker: null, receivedAt: null, maxGap: 0, measuring: false };
${onSocketMessageScript(`(event) => {
  const sb = window.__sb;
  if (sb.marker && sb.receivedAt === null && typeof event.data === 'string' && event.data.includes(sb.marker)) sb.receivedAt = performance.now();
}`)}
(() => {
  let last = 0;
  const tick = (now) => {
    if (window.__sb.measuring && last) window.__sb.maxGap = Math.max(window.__sb.maxGap, now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
`;

/**
 * Resolves once the page has settled after opening: its fonts are loaded and the main thread has had an idle moment
 * (its start-up work done). A user's first message comes seconds after the window opens; without this, start-up tasks
 * that happen to run after the trace starts would be measured as if they were the reply's.
 */
export const settledScript = `
document.fonts.ready.then(() => new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 2000 })))
`;

/** Arms the marker and the frame-gap meter. */
export const armScript = (marker: string) => `
window.__sb.marker = ${JSON.stringify(marker)};
window.__sb.receivedAt = null;
window.__sb.maxGap = 0;
window.__sb.measuring = true;
`;

/**
 * Resolves once `marker` is in the text of `selector`, one frame later (the frame that found it has been painted by
 * then): { receivedAt, paintedAt, maxGap } in page milliseconds. Checks only after the frame arrived, so the check
 * itself does not load the stream.
 */
export const waitPaintedScript = (marker: string, selector: string) => `
new Promise((resolve) => {
  const check = () => {
    const sb = window.__sb;
    if (sb.receivedAt !== null) {
      const root = document.querySelector(${JSON.stringify(selector)}) || document.body;
      if ((root.textContent || '').includes(${JSON.stringify(marker)})) {
        requestAnimationFrame(() => {
          sb.measuring = false;
          resolve({ receivedAt: sb.receivedAt, paintedAt: performance.now(), maxGap: sb.maxGap });
        });
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})
`;

/**
 * Resolves (page ms) once nothing in `selector` waits to be formatted: a streamed reply's blocks past the per-task
 * formatting budget show plain text first (renderer/src/features/markdown/parseBudget.ts), and the work left after the
 * last token counts too.
 */
export const waitFormattedScript = (selector: string) => `
new Promise((resolve) => {
  const check = () => {
    const root = document.querySelector(${JSON.stringify(selector)}) || document.body;
    if (!root.querySelector('.md-chunk.is-pending')) return requestAnimationFrame(() => resolve(performance.now()));
    requestAnimationFrame(check);
  };
  check();
})
`;

/** The baseline page: the same stream over the same socket, appended to one text node with no framework at all. */
export const baselineHtml = `<!doctype html><meta charset="utf-8"><title>baseline</title>
<pre id="out" style="white-space:pre-wrap;font:14px system-ui"></pre>
<script>
const params = new URLSearchParams(location.search);
const text = document.createTextNode('');
document.getElementById('out').appendChild(text);
const socket = new WebSocket('ws://' + location.host + '/ws?token=' + encodeURIComponent(params.get('token')));
socket.onmessage = (event) => {
  const message = JSON.parse(event.data);
  if (message.event === 'chat.stream' && message.payload.type === 'text_delta') text.appendData(message.payload.text);
};
socket.onopen = () => { window.__sbReady = true; };
</script>`;

/**
 * Opens the chat item titled `title` in the sidebar and resolves with the ms until `marker` is painted, and with it no
 * Markdown on screen still waiting to be formatted (plain text standing in for a formatted row does not count).
 */
export const openChatScript = (title: string, marker: string) => `
new Promise((resolve, reject) => {
  const button = [...document.querySelectorAll('.sb-chat-open')].find((b) => b.textContent === ${JSON.stringify(title)});
  if (!button) return reject(new Error('chat not in the sidebar'));
  const started = performance.now();
  button.click();
  const check = () => {
    const view = document.querySelector('[data-testid="chat-view"]');
    if (view && (view.textContent || '').includes(${JSON.stringify(marker)}) && !view.querySelector('.md-chunk.is-pending')) {
      requestAnimationFrame(() => resolve(performance.now() - started));
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})
`;

/**
 * One host call over a fresh socket from the page, timed from send to answer (ms); rejects with the host's error.
 * Shared by the ui and branches benches.
 */
export const callPageScript = (token: string, call: string, params: Record<string, unknown>) => `
new Promise((resolve, reject) => {
  const socket = new WebSocket('ws://' + location.host + '/ws?token=' + encodeURIComponent(${JSON.stringify(token)}));
  socket.onerror = () => reject(new Error('socket refused'));
  socket.onopen = () => {
    const started = performance.now();
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.id !== 1) return;
      const elapsed = performance.now() - started;
      socket.close();
      if (!message.result.ok) reject(new Error(message.result.error.message));
      else resolve(elapsed);
    };
    socket.send(JSON.stringify({ id: 1, call: ${JSON.stringify(call)}, params: ${JSON.stringify(params)} }));
  };
})
`;

/** The data alone: one chats.get (latest 50) over a fresh socket from the page, timed from send to answer. */
export const fetchPageScript = (token: string, chatId: string) => callPageScript(token, 'chats.get', { chatId, limit: 50 });
