/**
 * Keyboard only: the skip link reaches the composer, Alt+Shift+A reaches a waiting approval (announced to screen
 * readers), O answers it and focus is back in the composer; Ctrl+B collapses the sidebar; a dialog opened from a menu
 * gives focus back to the menu's button; a long code line scrolls with the arrow keys.
 */
import { describe, expect, it } from 'vitest';
import type { ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { appWithEverything, type E2eApp } from './harness.ts';

const longLine = `const total = [${Array.from({ length: 60 }, (_, i) => i).join(', ')}].reduce((sum, n) => sum + n, 0);`;

const script: ScriptTurn[] = [
  { match: { lastUserText: 'add 2 and 3' }, content: [{ type: 'tool_use', tool: 'get-sum', input: { a: 2, b: 3 } }] },
  { expect: { toolResultsContain: ['5'] }, content: [{ type: 'text', text: 'The sum is 5.' }] },
  { match: { lastUserText: 'code' }, content: [{ type: 'text', text: `Here:\n\n\`\`\`js\n${longLine}\n\`\`\`\n` }] },
];

// Page-side code as a string (the tests are type-checked without the DOM library, as find.e2e.test.ts does).
const focusedScript = `(() => {
  const el = document.activeElement;
  return { label: el?.getAttribute('aria-label') ?? '', text: el?.textContent?.trim() ?? '', approval: !!el?.closest('[data-approval-id]') };
})()`;

// Focus on the body itself (focusable for a moment): the next Tab starts from the top of the document.
const startAtTopScript = `(() => {
  document.body.tabIndex = -1;
  document.body.focus();
  document.body.removeAttribute('tabindex');
})()`;

type Focused = { label: string; text: string; approval: boolean };
type Scroller = { scrollWidth: number; clientWidth: number; scrollLeft: number };

const focused = (app: E2eApp) => app.page.evaluate<Focused>(focusedScript);

describe('keyboard', () => {
  const appOf = appWithEverything(script);

  it('reaches and answers an approval by keyboard, then finds focus back in the composer', async () => {
    const app = appOf();
    const { page } = app;
    // From the top of the page, as a keyboard user arriving: the composer focuses itself when it mounts, and whether a
    // toast closed since (dismissToasts) decided where Tab started (CI 2026-12-03: "Attach", then the Tools chip).
    await page.evaluate(startAtTopScript);
    await page.keyboard.press('Tab');
    expect((await focused(app)).text).toBe('Skip to the message box');
    await page.keyboard.press('Enter');
    expect((await focused(app)).label).toBe('Message');

    await page.keyboard.type('Please add 2 and 3');
    await page.keyboard.press('Enter');
    const approval = page.getByRole('group', { name: 'Approval for Get Sum' });
    await approval.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('attention-announcer').textContent()).toContain('Press Alt+Shift+A to review it.');
    expect((await focused(app)).label).toBe('Message');

    await page.keyboard.press('Alt+Shift+A');
    await expect.poll(async () => (await focused(app)).approval).toBe(true);
    expect(await approval.getAttribute('aria-describedby')).toBeTruthy();

    await page.keyboard.press('o');
    await expect.poll(() => page.locator('.chat-msg.is-assistant').last().textContent(), { timeout: 30_000 }).toContain('The sum is 5.');
    expect(await approval.count()).toBe(0);
    expect((await focused(app)).label).toBe('Message');
  });

  it('collapses the sidebar with Ctrl+B and expands it again', async () => {
    const app = appOf();
    const { page } = app;
    await page.keyboard.press('Control+b');
    await page.locator('nav.sb-rail').waitFor();
    expect(await page.getByRole('button', { name: 'Expand sidebar' }).isVisible()).toBe(true);
    await page.keyboard.press('Control+b');
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
    expect(await page.locator('nav.sb-rail').count()).toBe(0);
  });

  it('returns focus to the menu button after closing a dialog opened from its menu', async () => {
    const app = appOf();
    const { page } = app;
    const trigger = page.getByRole('button', { name: /^Actions for/ }).first();
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    // Arrow keys move between the items once the menu has focus (the list does not wrap, so extra presses stay put).
    await expect
      .poll(async () => {
        await page.keyboard.press('ArrowDown');
        return (await focused(app)).text;
      })
      .toBe('Delete');
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(app)).label).toMatch(/^Actions for/);
  });

  it('scrolls a long code line with the arrow keys', async () => {
    const app = appOf();
    const { page } = app;
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.focus();
    await page.keyboard.type('Show me some code');
    await page.keyboard.press('Enter');
    const code = page.getByRole('group', { name: 'Code block (js)' });
    await code.waitFor({ timeout: 30_000 });
    expect(await code.getAttribute('tabindex')).toBe('0');
    expect(await code.evaluate((el: Scroller) => el.scrollWidth > el.clientWidth)).toBe(true);
    await code.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => code.evaluate((el: Scroller) => el.scrollLeft)).toBeGreaterThan(0);
  });
});
