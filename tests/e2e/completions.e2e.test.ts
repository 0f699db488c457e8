/**
 * Completions end to end (issue 10 #4): in the "/" prompt picker's argument dialog, typing into an argument of
 * server-everything's completable prompt shows the server's suggestions (completion/complete through the host), and
 * the second argument's suggestions follow the first (sent as context).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeServer, serverScripts, startApp, type E2eApp } from './harness.ts';

describe('argument completions in the prompt picker', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp({ llm: { script: [] }, servers: { everything: nodeServer(serverScripts.everything, ['stdio']) } });
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  it('shows the server\'s suggestions for what the user types', async () => {
    const { page } = app;
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('/Team');
    const option = page.getByRole('listbox', { name: 'Prompts from your servers' }).getByRole('option', { name: /Team Management/ });
    await option.waitFor({ timeout: 60_000 });
    await composer.press('Enter');
    const dialog = page.getByTestId('prompt-args-dialog');
    await dialog.getByRole('combobox', { name: /^department/ }).fill('S');
    const suggestions = dialog.getByTestId('completions-department').locator('option');
    await expect.poll(() => suggestions.allTextContents(), { timeout: 30_000 }).toEqual(['Sales', 'Support']);
    await expect.poll(() => dialog.getByTestId('completions-hint-department').textContent()).toBe('2 suggestions');
    await app.screenshot('completions-prompt-args');

    await dialog.getByRole('combobox', { name: /^department/ }).fill('Engineering');
    await dialog.getByRole('combobox', { name: /^name/ }).fill('');
    await dialog.getByRole('combobox', { name: /^name/ }).fill('A');
    await expect.poll(() => dialog.getByTestId('completions-name').locator('option').allTextContents(), { timeout: 30_000 }).toEqual(['Alice']);
  }, 120_000);
});
