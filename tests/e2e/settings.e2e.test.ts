import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type E2eApp } from './harness.ts';

describe('settings', () => {
  let app: E2eApp;
  const secretKey = 'sk-ant-e2e-NEVER-SHOWN-1234567890';

  beforeAll(async () => {
    // The scripted LLM answers /v1/models; no key is stored yet.
    app = await startApp({ llm: { script: [], apiKey: secretKey }, apiKey: null });
  });

  afterAll(async () => {
    await app?.close();
  });

  const pageText = () => app.page.content();

  it('stores the API key without ever showing it, before or after a reload', async () => {
    const { page } = app;
    await app.dismissToasts();
    await page.keyboard.press('Control+Comma');
    const status = page.getByTestId('api-key-status');
    await expect.poll(() => status.textContent()).toContain('No API key yet');
    await app.screenshot('settings-no-key');

    await page.getByLabel('API key', { exact: true }).fill(secretKey);
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => status.textContent()).toContain('An API key is set');
    // The field is emptied once the call answers, which can be a moment after the settings.changed event.
    await expect.poll(() => page.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    expect(await pageText()).not.toContain(secretKey);

    // The host has it (in the 0600 secrets file), but never hands it back.
    expect(readFileSync(path.join(app.dataDir, 'secrets.json'), 'utf8')).toContain(secretKey);
    const view = await app.api['settings.get']({});
    expect(JSON.stringify(view)).not.toContain(secretKey);
    expect(view.ok && view.value.hasApiKey).toBe(true);

    await page.reload();
    // The shortcut works once the app has booted (the sidebar is there), not at the page's load event.
    await page.locator('nav.sb').waitFor();
    await page.keyboard.press('Control+Comma');
    await expect.poll(() => page.getByTestId('api-key-status').textContent()).toContain('An API key is set');
    expect(await pageText()).not.toContain(secretKey);
    // With the key, the model list comes from the API.
    await expect.poll(() => page.getByText(/models available from the API/).isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('validates and saves the other settings', async () => {
    const { page } = app;
    await app.dismissToasts();
    await app.screenshot('settings');
    const maxTokens = page.getByLabel('Max tokens per reply');
    await maxTokens.fill('0');
    await maxTokens.blur();
    await expect.poll(() => page.getByText('Enter a whole number from 1 to 128000').isVisible()).toBe(true);
    await maxTokens.fill('2048');
    await page.getByLabel('System prompt').fill('Answer in haiku.');
    await page.getByLabel('Default model').fill('claude-opus-5-5');
    await page.getByRole('switch', { name: 'Extended thinking' }).click();
    await page.getByLabel('Thinking budget (tokens)').fill('1500');
    await app.screenshot('settings-editing');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => {
      const saved = await app.api['settings.get']({});
      return saved.ok ? `${saved.value.maxTokens}|${saved.value.systemPrompt}|${saved.value.model}|${saved.value.thinkingEnabled}|${saved.value.thinkingBudget}` : 'failed';
    }).toBe('2048|Answer in haiku.|claude-opus-5-5|true|1500');
    await expect.poll(() => page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
  });

  it('switches theme and language at once', async () => {
    const { page } = app;
    await page.getByRole('radio', { name: 'Dark' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await app.dismissToasts();
    await app.screenshot('settings-dark');
    await page.getByLabel('Language').selectOption('vi');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Cài đặt');
    await page.getByLabel('Ngôn ngữ').selectOption('zh-CN');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('设置');
    await app.screenshot('settings-zh-CN');
    await page.getByLabel('语言').selectOption('en');
    await page.getByRole('radio', { name: 'Light' }).click();
    // Each choice is saved through the socket after the click; the host has it a moment later.
    await expect
      .poll(async () => {
        const saved = await app.api['settings.get']({});
        return saved.ok && `${saved.value.theme}|${saved.value.language}`;
      })
      .toBe('light|en');
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });
});
