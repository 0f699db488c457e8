/**
 * End-to-end harness: web mode with the real host core on a temp data folder, the scripted LLM server behind the
 * "API base URL" setting, and Debian's Chromium driven by playwright-core. Everything started here is stopped by
 * `close()`: the browser, web mode (which ends every MCP server process) and the LLM server.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { HostApi } from '../../shared/contract.ts';
import type { ServerConfig, StdioServerConfig } from '../../shared/serverConfig.ts';
import type { Settings } from '../../shared/settings.ts';
import { silentLogger } from '../../electron/host/environment.ts';
import { startWebMode, type WebMode } from '../../electron/web/startWebMode.ts';
import { startScriptedLlm, type ScriptedLlm, type ScriptedLlmOptions, type ScriptTurn } from '../fixtures/scriptedLlm/index.ts';
import { chromiumForTests } from './browserPath.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Where screenshots go (ignored by git; CI keeps them as artifacts). */
export const artifactsDir = path.join(root, 'tests', 'e2e', 'artifacts');

/** Entry scripts of real MCP servers in node_modules and of the e2e fixtures. */
export const serverScripts = {
  everything: path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'),
  filesystem: path.join(root, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'),
  memory: path.join(root, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js'),
  brokenWhileFlagged: path.join(root, 'tests/e2e/fixtures/brokenWhileFlagged.ts'),
};

/** A stdio config that runs a script with this Node (faster and offline, unlike npx). */
export function nodeServer(script: string, args: string[] = [], extra: Partial<StdioServerConfig> = {}): StdioServerConfig {
  return { command: process.execPath, args: [script, ...args], ...extra };
}

/** Chromium flags for a quiet, reproducible headless run. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/** The Chromium the tests use (SWITCHBOARD_CHROMIUM, Debian's package as in CI, or Playwright's cache); none: an error saying what to install. */
export const chromiumPath = chromiumForTests();

/** What to start. */
export interface StartAppOptions {
  /** Start the scripted LLM with these options and point the settings at it (API key `sk-test` unless given). */
  llm?: ScriptedLlmOptions;
  /** Stored API key; default `sk-test` when an LLM is started, none otherwise. `null` stores none. */
  apiKey?: string | null;
  settings?: Partial<Settings>;
  /** Servers added through the host API before the page opens. */
  servers?: Record<string, ServerConfig>;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Browser language (Accept-Language and navigator.language). */
  locale?: string;
  /** Open the page (default true). */
  open?: boolean;
  /** Puts files into the data folder before web mode starts (a damaged history, a file kept aside...). */
  prepareDataDir?: (dataDir: string) => void;
}

/** A running app under test. */
export interface E2eApp {
  web: WebMode;
  api: HostApi;
  dataDir: string;
  llm: ScriptedLlm | undefined;
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  pageErrors: string[];
  /** Saves a full-window screenshot to tests/e2e/artifacts/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  /** Closes every toast (so screenshots show the screen, not a notice over it). */
  dismissToasts(): Promise<void>;
  /** Opens the printed link, as a user does (optionally at a hash route such as `#/servers`). */
  open(hash?: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts web mode, the LLM server and the browser; configures settings and servers through the real host API. */
export async function startApp(options: StartAppOptions = {}): Promise<E2eApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-e2e-'));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'sb-e2e-chromium-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true }), () => rmSync(profileDir, { recursive: true, force: true })];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (cause) {
        console.error('e2e cleanup failed:', cause);
      }
    }
  };
  try {
    const llm = options.llm ? await startScriptedLlm({ apiKey: options.apiKey ?? 'sk-test', ...options.llm }) : undefined;
    if (llm) cleanups.push(() => llm.close());
    options.prepareDataDir?.(dataDir);
    const web = await startWebMode({ dataDir, port: 0, openBrowser: false, hostEnv: { logger: silentLogger } });
    cleanups.push(() => web.close());
    const api = web.host.api;

    const settings: Partial<Settings> = { ...(llm ? { apiBaseUrl: llm.url } : {}), ...options.settings };
    if (Object.keys(settings).length > 0) must(await api['settings.update'](settings), 'settings.update');
    const apiKey = options.apiKey === undefined ? (llm ? 'sk-test' : null) : options.apiKey;
    if (apiKey) must(await api['settings.setApiKey']({ apiKey }), 'settings.setApiKey');
    for (const [name, config] of Object.entries(options.servers ?? {})) must(await api['servers.add']({ name, config }), `servers.add ${name}`);
    // Servers connect in the background. A test that starts before they have races them: its first message would
    // offer the model none of their tools (seen: no approval card for get-tiny-image). Wait until none is connecting.
    if (options.servers) {
      await vi.waitFor(
        async () => {
          const connecting = must(await api['servers.list']({}), 'servers.list').filter((server) => server.status.state === 'connecting');
          expect(connecting.map((server) => server.id)).toEqual([]);
        },
        { timeout: 60_000, interval: 100 },
      );
    }

    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
      viewport: options.viewport ?? { width: 1280, height: 820 },
      deviceScaleFactor: 1,
      colorScheme: options.colorScheme ?? 'light',
      locale: options.locale ?? 'en-US',
      reducedMotion: 'reduce',
    });
    cleanups.push(() => context.close());
    const page = context.pages()[0] ?? (await context.newPage());
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    mkdirSync(artifactsDir, { recursive: true });

    const app: E2eApp = {
      web,
      api,
      dataDir,
      llm,
      context,
      page,
      pageErrors,
      async screenshot(name) {
        const file = path.join(artifactsDir, `${name}.png`);
        await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
        return file;
      },
      async dismissToasts() {
        const toasts = page.getByTestId('toast');
        // A toast also closes by itself after a few seconds, possibly between being found and being clicked: a click
        // that finds nothing is not a failure, what counts is that none is left.
        for (let round = 0; round < 20 && (await toasts.count()) > 0; round++) {
          await toasts
            .first()
            .getByRole('button', { name: 'Dismiss' })
            .click({ timeout: 5000 })
            .catch(() => {});
        }
        // vi.waitFor, not expect.poll: this also runs in beforeAll hooks.
        await vi.waitFor(async () => expect(await toasts.count()).toBe(0), { timeout: 20_000, interval: 100 });
      },
      async open(hash = '') {
        await page.goto(`${web.url}${hash}`);
        // The sidebar is there once the app has booted (by class, so any UI language works).
        await page.locator('nav.sb').waitFor();
      },
      close: closeAll,
    };
    if (options.open !== false) await app.open();
    return app;
  } catch (cause) {
    await closeAll();
    throw cause;
  }
}

/**
 * The suite's app with server-everything and the scripted model `script`, started (toasts dismissed) before the suite's
 * tests and closed after them. Call it inside `describe`; read the app with the returned getter inside each test.
 */
export function appWithEverything(script: ScriptTurn[]): () => E2eApp {
  let app: E2eApp | undefined;
  beforeAll(async () => {
    app = await startApp({ llm: { script }, servers: { everything: nodeServer(serverScripts.everything) } });
    await app.dismissToasts();
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => {
    if (!app) throw new Error('the app has not started');
    return app;
  };
}

/**
 * Sends a message from the composer as a user does, once the app takes one: Enter is ignored while a reply is still
 * being generated, and a reply's last words can be on screen before its run has ended. Waits for the Send button to be
 * enabled first, and resolves once the composer was emptied (the message was taken).
 */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await page.getByRole('button', { name: 'Send message', disabled: false }).waitFor();
  await composer.press('Enter');
  await expect.poll(() => composer.inputValue()).toBe('');
}

function must<T>(result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }, what: string): T {
  if (!result.ok) throw new Error(`${what} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}
