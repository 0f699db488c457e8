/**
 * Host messages in the user's language: with Vietnamese and then Chinese chosen, a server whose command does not
 * exist, a server that exits at startup, a server whose working folder is gone, an invalid entry in the servers file, a remote server that answers 401 with
 * WWW-Authenticate (sign in required, with the access it asks for) and an API that answers 429 past the SDK's
 * retries are all explained on screen without one English sentence. Takes the vi servers and zh-CN chat
 * screenshots for docs/screenshots.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledEnglish, englishSentences } from './englishText.ts';
import { startApp, type E2eApp } from './harness.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/index.ts';

const docsShots = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

describe('host messages in Vietnamese and Chinese', () => {
  let app: E2eApp;
  let oauth: OAuthFixture;
  const english = bundledEnglish();

  beforeAll(async () => {
    oauth = await startOAuthFixture();
    app = await startApp({
      // An entry the app would never write itself (the form refuses it): a connect timeout under the 1 s minimum.
      prepareDataDir: (dir) => writeFileSync(join(dir, 'servers.json'), JSON.stringify({ mcpServers: { broken: { command: 'node', connectTimeoutMs: 5 } } })),
      // Past the SDK's two retries (3 requests per send), for both languages' sends.
      llm: { script: [{ note: 'Rate limited every time', times: 20, error: { status: 429, type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit', retryAfterMs: 5 } }] },
      settings: { language: 'vi' },
      servers: {
        ghost: { command: 'sb-no-such-command-e2e' },
        quitter: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
        // A refusal the host words before spawning anything.
        nowhere: { command: process.execPath, cwd: '/nonexistent/sb-e2e-folder' },
        // The OAuth fixture's resource answers 401 with WWW-Authenticate until the user signs in.
        locked: { type: 'http', url: oauth.mcpUrl },
      },
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await oauth?.close();
  });

  /** The visible text of the page, and whatever in it reads as English (known UI/host sentences, or the heuristic). */
  async function englishOnScreen(): Promise<string[]> {
    const text = await app.page.locator('body').innerText();
    return englishSentences(text, english);
  }

  for (const language of ['vi', 'zh-CN'] as const) {
    it(`explains a missing command, an exited server, a missing working folder, an invalid entry, a sign-in and a 429 in ${language}, with no English sentence on screen`, async () => {
      const { page, api } = app;
      const saved = await api['settings.update']({ language });
      expect(saved.ok).toBe(true);
      await app.open('#/servers');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);

      const ghost = page.locator('[data-testid="server-card"][data-server="ghost"]');
      const quitter = page.locator('[data-testid="server-card"][data-server="quitter"]');
      await expect.poll(() => ghost.getByTestId('status-badge').getAttribute('data-state'), { timeout: 60_000 }).toBe('error');
      await expect.poll(() => quitter.getByTestId('status-badge').getAttribute('data-state'), { timeout: 60_000 }).toBe('error');
      const ghostText = await ghost.getByTestId('server-error').innerText();
      const quitterText = await quitter.getByTestId('server-error').innerText();
      // The facts are there (command, PATH entries, exit code), in the chosen language.
      expect(ghostText).toContain('sb-no-such-command-e2e');
      expect(ghostText).toContain(language === 'vi' ? 'Không tìm thấy lệnh' : '找不到命令');
      expect(ghostText).toContain('/usr/bin');
      expect(quitterText).toContain(language === 'vi' ? 'mã thoát 3' : '退出码 3');
      const nowhere = page.locator('[data-testid="server-card"][data-server="nowhere"]');
      await expect.poll(() => nowhere.getByTestId('status-badge').getAttribute('data-state'), { timeout: 60_000 }).toBe('error');
      expect(await nowhere.getByTestId('server-error').innerText()).toContain(language === 'vi' ? 'Thư mục làm việc "/nonexistent/sb-e2e-folder" không tồn tại' : '工作文件夹 "/nonexistent/sb-e2e-folder" 不存在');

      // The invalid entry names its field and the rule, translated; the sign-in card says what access is asked for.
      const broken = page.locator('[data-testid="server-card"][data-server="broken"]');
      const locked = page.locator('[data-testid="server-card"][data-server="locked"]');
      await expect.poll(() => broken.getByTestId('status-badge').getAttribute('data-state'), { timeout: 60_000 }).toBe('invalid');
      await expect.poll(() => locked.getByTestId('status-badge').getAttribute('data-state'), { timeout: 60_000 }).toBe('auth_required');
      const brokenText = await broken.getByTestId('server-error').innerText();
      expect(brokenText).toContain('connectTimeoutMs');
      expect(brokenText).toContain(language === 'vi' ? 'phải ít nhất là 1000' : '不能小于 1000');
      const signIn = locked.getByTestId('sign-in-panel');
      await expect.poll(() => signIn.innerText(), { timeout: 30_000 }).toContain(language === 'vi' ? 'quyền truy cập được yêu cầu' : '请求的访问权限');
      await app.dismissToasts();
      expect(await englishOnScreen()).toEqual([]);
      if (language === 'vi') await shot('servers-vi');

      // A chat whose API answers 429 every time.
      await app.open('#/');
      const composer = page.locator('textarea.chat-composer-input');
      await composer.fill(language === 'vi' ? 'Xin chào' : '你好');
      await composer.press('Enter');
      const notice = page.locator('.chat-turn-notice.is-error');
      await notice.waitFor({ timeout: 60_000 });
      expect(await notice.innerText()).toContain(language === 'vi' ? 'giới hạn tần suất (429)' : '限流（429）');
      await app.dismissToasts();
      expect(await englishOnScreen()).toEqual([]);
      if (language === 'zh-CN') await shot('chat-zh-CN');
    }, 180_000);
  }

  it('raised no page errors', () => {
    expect(app.pageErrors, app.pageErrors.join('\n')).toEqual([]);
  });

  // The docs' copy is refreshed only on request (SWITCHBOARD_DOCS_SCREENSHOTS=1): a test run must not change tracked files.
  async function shot(name: string): Promise<void> {
    const taken = await app.screenshot(name);
    if (process.env.SWITCHBOARD_DOCS_SCREENSHOTS !== '1') return;
    mkdirSync(docsShots, { recursive: true });
    copyFileSync(taken, `${docsShots}${name}.png`);
  }
});
