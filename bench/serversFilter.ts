/**
 * `servers-ui-filter` (issue 12 item 7): typing into the tool filter of a 5,000-tool server, the time from each
 * keystroke (the keydown event's own timestamp) to the frame after the list filtered for that exact query is on
 * screen. The app's count line carries the query its rows were filtered for (`data-query`); the bare page filters the
 * same tools (same match: name, title, description, lower-cased) into one text node and marks it the same way.
 */
import type { Page } from 'playwright-core';

/** The keystrokes typed, one at a time: narrowing, then widening again. */
export const FILTER_KEYS = ['4', '9', '9', '9', 'Backspace', 'Backspace', 'Backspace', '0'];

/** The query in the box after each of FILTER_KEYS. */
export function filterQueries(keys: readonly string[] = FILTER_KEYS): string[] {
  let text = '';
  return keys.map((key) => (text = key === 'Backspace' ? text.slice(0, -1) : text + key));
}

/** The bare page: tools.list once, and on each input the matching tools' names and descriptions in one text node. */
export const filterBaselineHtml = `<!doctype html><meta charset="utf-8"><title>filter baseline</title>
<input id="filter" type="search"><pre id="out" style="white-space:pre-wrap;font:14px system-ui"></pre>
<script>
const params = new URLSearchParams(location.search);
const socket = new WebSocket('ws://' + location.host + '/ws?token=' + encodeURIComponent(params.get('token')));
let tools = [];
let texts = [];
const out = document.getElementById('out');
socket.onmessage = (event) => {
  const message = JSON.parse(event.data);
  if (message.id === 1 && message.result.ok) {
    tools = message.result.value;
    texts = tools.map((t) => (t.toolName + ' ' + (t.title || '') + ' ' + ((t.annotations && t.annotations.title) || '') + ' ' + (t.description || '')).toLowerCase());
    window.__sbReady = true;
  }
};
socket.onopen = () => socket.send(JSON.stringify({ id: 1, call: 'tools.list', params: {} }));
document.getElementById('filter').oninput = (event) => {
  const q = event.target.value.trim().toLowerCase();
  const shown = q ? tools.filter((_, i) => texts[i].includes(q)) : tools;
  out.textContent = shown.map((t) => t.toolName + ' ' + (t.description || '')).join('\\n');
  out.dataset.query = q;
};
</script>`;

/** Remembers the timestamp of the latest keydown (the moment the key reached the page). */
const armScript = `
if (!window.__sbKeyArmed) {
  window.__sbKeyArmed = true;
  document.addEventListener('keydown', (event) => { window.__sbKeyAt = event.timeStamp; }, true);
}
window.__sbKeyAt = null;`;

/** Resolves, one frame after `selector` carries `data-query` = `query`, with the ms since the keydown. */
const waitFilteredScript = (selector: string, query: string) => `
new Promise((resolve) => {
  const check = () => {
    const node = document.querySelector(${JSON.stringify(selector)});
    if (window.__sbKeyAt !== null && node && node.dataset.query === ${JSON.stringify(query)}) {
      requestAnimationFrame(() => resolve(performance.now() - window.__sbKeyAt));
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

/**
 * Types FILTER_KEYS into `input` one at a time and answers, per keystroke, the ms from its keydown until the list
 * filtered for the new query (marked on `marked`) was painted.
 */
export async function typeFilter(page: Page, input: string, marked: string): Promise<number[]> {
  await page.locator(input).first().focus();
  const samples: number[] = [];
  const queries = filterQueries();
  for (const [i, key] of FILTER_KEYS.entries()) {
    await page.evaluate(armScript);
    await page.keyboard.press(key);
    samples.push(await page.evaluate<number>(waitFilteredScript(marked, queries[i] ?? '')));
  }
  return samples;
}
