import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeServer, startApp, type E2eApp } from './harness.ts';

type Box = { pos: number; top: number; bottom: number };

/** Where each virtual tool row sits, in list order: top and bottom in px relative to the list, and its height. */
const ROW_BOXES = `(() => {
  const list = document.querySelector('.sv-tool-list-virtual');
  const top = list.getBoundingClientRect().top;
  return [...list.querySelectorAll('[data-testid=tool-row]')]
    .map((row) => ({ pos: Number(row.getAttribute('aria-posinset')), box: row.getBoundingClientRect() }))
    .sort((a, b) => a.pos - b.pos)
    .map(({ pos, box }) => ({ pos, top: Math.round(box.top - top), bottom: Math.round(box.bottom - top) }));
})()`;

describe('tool filter at scale (issue 12)', () => {
  let app: E2eApp;

  beforeAll(async () => {
    const script = path.resolve(import.meta.dirname, '../../bench/manyToolsServer.ts');
    app = await startApp({ servers: { many: nodeServer(script, ['2000']) } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('places the rows a keystroke mounts at their real height at once, and a row still grows to fit what it shows', async () => {
    const { page } = app;
    await app.open('#/servers');
    const card = page.locator('[data-testid="server-card"][data-server="many"]');
    await expect.poll(() => card.getByTestId('status-badge').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    await card.getByRole('button', { name: 'Tools and log' }).click();
    await card.getByTestId('tool-row').first().waitFor();
    // Rows a keystroke mounted whose position then changes: each such move is a second render and style pass of the
    // rows per keystroke (rows kept from the last query may move to their new place; those are not counted).
    await page.evaluate(`window.__moved = 0; window.__fresh = new WeakSet(); new MutationObserver((ms) => { for (const m of ms) { for (const n of m.addedNodes) window.__fresh.add(n); if (m.attributeName === 'style' && window.__fresh.has(m.target)) window.__moved += 1; } }).observe(document.querySelector('.sv-tool-list-virtual'), { attributes: true, childList: true, subtree: true, attributeFilter: ['style'] });`);
    const filter = card.getByRole('searchbox', { name: 'Filter tools' });
    for (const query of ['1', '10', '1']) {
      await page.evaluate('window.__fresh = new WeakSet()');
      await filter.fill(query);
      await expect.poll(() => card.getByTestId('tool-count').getAttribute('data-query')).toBe(query);
      await expect.poll(() => page.evaluate<Box[]>(ROW_BOXES).then((rows) => rows.length)).toBeGreaterThan(3);
    }
    expect(await page.evaluate('window.__moved')).toBe(0);

    // Rows are stacked edge to edge: no overlap, no gap (each one's measured size is its real size).
    const stacked = (rows: { top: number; bottom: number }[]) => rows.every((row, i) => i === 0 || Math.abs(row.top - (rows[i - 1]?.bottom ?? 0)) <= 1);
    const before = await page.evaluate<Box[]>(ROW_BOXES);
    expect(stacked(before)).toBe(true);

    // Containment leaves rows free to grow: opening a row's inputs makes it taller and moves the next row below it.
    const first = card.locator('[data-testid="tool-row"][aria-posinset="1"]');
    await first.getByRole('button', { name: 'Show inputs' }).click();
    await expect.poll(() => first.getByTestId('tool-inputs').textContent(), { timeout: 15_000 }).toContain('id');
    await expect
      .poll(async () => {
        const rows = await page.evaluate<Box[]>(ROW_BOXES);
        return stacked(rows) && (rows[0]?.bottom ?? 0) > (before[0]?.bottom ?? 0) + 10;
      })
      .toBe(true);
    await app.screenshot('tool-filter-grown-row');
    // The contained, virtual list stays accessible (rows keep their list semantics and controls their names).
    const axe = await new AxeBuilder({ page }).include('.sv-tools').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);
  });
});
