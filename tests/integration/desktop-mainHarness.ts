/**
 * Child-process entry that runs the BUILT main bundle (dist/electron/main.cjs) against the fake `electron` module and
 * answers the test's questions over the IPC channel of `fork`. Usage: fork(this, [mainCjs, appRoot, userData]).
 */
import { createRequire } from 'node:module';
import { createFakeElectron, FakeWebContents } from './desktop-fakeElectron.ts';

/** A question from the test. */
export type HarnessRequest =
  | { id: number; type: 'invoke'; sender: 'app' | 'iframe' | 'foreign-url' | 'other-window'; name: unknown; params: unknown }
  | { id: number; type: 'state' }
  | { id: number; type: 'navigate'; url: string }
  | { id: number; type: 'windowOpen'; url: string }
  | { id: number; type: 'fetch'; url: string }
  | { id: number; type: 'permission'; permission: string; requestingUrl: string }
  | { id: number; type: 'menu'; label: string }
  | { id: number; type: 'quit' };

const [mainPath, appRoot, userData] = process.argv.slice(2);
if (!mainPath || !appRoot || !userData || !process.send) throw new Error('usage: fork(desktop-mainHarness.ts, [main.cjs, appRoot, userData])');
const { module: fake, recorder } = createFakeElectron(appRoot, userData);
// <appRoot>/node_modules/electron/index.js (written by the test) exports this object to the bundle's require('electron').
(globalThis as Record<string, unknown>).__sbFakeElectron = fake;

const reply = (id: number, value: unknown) => process.send?.({ id, value });
createRequire(import.meta.url)(mainPath);

function flattenMenu(items: unknown): { label?: string; click?: () => void }[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: { label?: string; click?: () => void; submenu?: unknown }) => [item, ...flattenMenu(item.submenu)]);
}

async function answer(request: HarnessRequest): Promise<unknown> {
  const window = recorder.windows[0];
  if (!window) throw new Error('no window yet');
  const contents = window.webContents;
  switch (request.type) {
    case 'invoke': {
      const handler = recorder.ipcHandlers.get('switchboard:invoke');
      if (!handler) throw new Error('no invoke handler');
      const frame = contents.mainFrame;
      const event =
        request.sender === 'app'
          ? { sender: contents, senderFrame: frame }
          : request.sender === 'iframe'
            ? { sender: contents, senderFrame: { processId: 4, routingId: 999, parent: frame, url: frame.url } }
            : request.sender === 'foreign-url'
              ? { sender: contents, senderFrame: { ...frame, url: 'https://evil.example/' } }
              : { sender: new FakeWebContents(recorder), senderFrame: frame };
      return handler(event, request.name, request.params);
    }
    case 'state':
      return {
        webPreferences: window.options.webPreferences,
        loadedUrl: contents.mainFrame.url,
        privilegedSchemes: recorder.privilegedSchemes,
        sandboxEnabled: recorder.sandboxEnabled,
        opened: recorder.opened,
        sent: recorder.sent,
        appEvents: [...recorder.appListeners.keys()],
      };
    case 'navigate': {
      let prevented = false;
      for (const listener of contents.listeners.get('will-navigate') ?? []) listener({ url: request.url, preventDefault: () => (prevented = true) });
      return { prevented };
    }
    case 'windowOpen':
      return contents.windowOpenHandler?.({ url: request.url });
    case 'fetch': {
      const response = await recorder.protocolHandlers.get('app')?.(new Request(request.url));
      if (!response) return undefined;
      return { status: response.status, csp: response.headers.get('content-security-policy'), type: response.headers.get('content-type'), body: response.status === 200 ? await response.text() : '' };
    }
    case 'permission': {
      let granted: boolean | undefined;
      recorder.permissionRequest?.(contents, request.permission, (value: boolean) => (granted = value), { requestingUrl: request.requestingUrl });
      return { granted, check: recorder.permissionCheck?.(contents, request.permission, request.requestingUrl, {}) };
    }
    case 'menu': {
      const item = flattenMenu(recorder.menuTemplate).find((entry) => entry.label === request.label);
      item?.click?.();
      return { clicked: item !== undefined };
    }
    case 'quit': {
      const quitted = new Promise<void>((resolve) => (recorder.quit = resolve));
      (fake.app as { quit: () => void }).quit();
      await quitted;
      return { quitCalls: recorder.quitCalls, quitPrevented: recorder.quitPrevented };
    }
  }
}

process.on('message', (request: HarnessRequest) => {
  answer(request).then(
    // After quitting there is nothing left to ask: exit like Electron would once the app has quit.
    (value) => process.send?.({ id: request.id, value }, () => request.type === 'quit' && process.exit(0)),
    (cause: unknown) => reply(request.id, { harnessError: cause instanceof Error ? cause.message : String(cause) }),
  );
});
process.send({ id: 0, value: 'loaded' });
