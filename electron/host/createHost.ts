/** Composition root of the host core: wires the MCP and chat modules into one typed HostApi. Never imports electron. */
import { hostErr, ok } from '../../shared/errors.ts';
import { hostMessage } from '../../shared/hostMessages.ts';
import type { HostApi } from '../../shared/contract.ts';
import { HostEventHub } from './events.ts';
import type { HostEnvironment } from './environment.ts';
import type { AppCalls, ChatModule } from './ports.ts';
import { createMcpModule } from './mcp/mcpModule.ts';
import { createFolderCalls, folderPickerKind } from './fs/folderCalls.ts';
import { createChatModule } from './chat/chatModule.ts';
import { acquireDataDirLock } from './store/dataDirLock.ts';
import { makeDataDirPrivate } from './store/privateFiles.ts';
import { StorageNoticeBook } from './store/storageNotices.ts';
import { createCatalogCalls } from './catalog/catalogCalls.ts';
import { createBundleCalls } from './bundles/bundleCalls.ts';
import { defaultSettings } from '../../shared/settings.ts';
import { createSamplingBroker, type SamplingRunner } from './sampling/samplingBroker.ts';
import { createSamplingCalls } from './sampling/samplingCalls.ts';
import { createAppsModule } from './apps/appCalls.ts';

/** A running host core. */
export interface Host {
  api: HostApi;
  events: HostEventHub;
  /** Starts every enabled server; resolves when all have settled. */
  start(): Promise<void>;
  /** Stops chats, closes clients and child processes, closes the database, releases the data folder. Idempotent. */
  shutdown(): Promise<void>;
}

/**
 * Builds the host core for one environment (desktop, web mode, tests). Throws DataDirLockedError when another live
 * host uses the data folder, and HistoryUnavailableError when history.db cannot be opened without losing it.
 */
export async function createHost(env: HostEnvironment): Promise<Host> {
  // Subfolders are fixed in the background; it never fails (each problem is logged) and needs no waiting for.
  void makeDataDirPrivate(env.dataDir, env.logger);
  const lock = acquireDataDirLock(env.dataDir, env.mode);
  try {
    return await assemble(env, () => lock.release());
  } catch (cause) {
    lock.release();
    throw cause;
  }
}

async function assemble(env: HostEnvironment, releaseLock: () => void): Promise<Host> {
  const events = new HostEventHub();
  const notices = new StorageNoticeBook(env.dataDir, env.logger);
  // Sampling runs through the chat module's provider, built after the MCP module: the runner is bound once it exists.
  let sampler: SamplingRunner | undefined = undefined;
  const sampling = createSamplingBroker(
    events,
    (run, signal) => (sampler ? sampler(run, signal) : Promise.resolve(hostErr('internal', hostMessage('host.samplingStarting')))),
    { note: (serverId, text) => env.logger.info(text, { serverId }) },
  );
  // The OAuth providers read the CIMD URL setting from the chat module's settings store, bound once it exists.
  let readSettings: ChatModule['settings'] | undefined = undefined;
  // Apps drop a server's cached HTML when its catalog is refreshed; bound once the Apps module exists.
  let appsCatalogChanged: ((serverId: string) => void) | undefined = undefined;
  const mcp = await createMcpModule({ env, events, sampling, catalogChanged: (serverId) => appsCatalogChanged?.(serverId), clientMetadataUrl: () => readSettings?.().clientMetadataUrl, maxConcurrentStarts: () => readSettings?.().maxConcurrentStarts });
  let chat;
  try {
    chat = await createChatModule({ env, events, tools: mcp.tools, elicitations: mcp.elicitations });
  } catch (cause) {
    await mcp.shutdown();
    throw cause;
  }
  const chatModule = chat;
  sampler = chat.sampler;
  readSettings = () => chatModule.settings();
  const apps = createAppsModule({ tools: mcp.tools, approvals: chat.approvals, resources: mcp.appResources });
  appsCatalogChanged = (serverId) => apps.catalogChanged(serverId);

  const app: AppCalls = {
    'app.info': () =>
      Promise.resolve(
        ok({
          version: env.version,
          mode: env.mode,
          dataDir: env.dataDir,
          platform: process.platform,
          notices: env.notices ?? [],
          storageNotices: notices.list(),
          ...(env.appSandboxUrl !== undefined ? { appSandboxUrl: env.appSandboxUrl } : {}),
          folderPicker: folderPickerKind(env.pickFolder),
        }),
      ),
    'app.openExternal': async ({ url }) => {
      await env.openExternal(url);
      return ok(null);
    },
    'storage.dismissNotice': ({ id }) => {
      try {
        return Promise.resolve(ok(notices.dismiss(id)));
      } catch (cause) {
        return Promise.resolve(hostErr('storage_error', hostMessage('store.dismissFailed', { reason: String(cause) })));
      }
    },
    'storage.restoreHistory': async ({ id }) => {
      try {
        return await chatModule.restoreHistory(id);
      } catch (cause) {
        return hostErr('storage_error', hostMessage('store.restoreFailed', { reason: String(cause) }));
      }
    },
  };

  const catalog = createCatalogCalls({
    logger: env.logger,
    registryUrl: async () => {
      const settings = await chatModule.api['settings.get']({});
      return settings.ok ? settings.value.catalogRegistryUrl : defaultSettings.catalogRegistryUrl;
    },
  });

  const bundles = createBundleCalls({ dataDir: env.dataDir, secrets: env.secrets, logger: env.logger, servers: mcp.api });
  const api: HostApi = { ...mcp.api, ...chatModule.api, ...app, ...catalog, ...bundles, ...createSamplingCalls(sampling), ...apps.api, ...createFolderCalls({ pickFolder: env.pickFolder, pickFiles: env.pickFiles }) };
  let stopping: Promise<void> | undefined;
  return {
    api,
    events,
    start: () => mcp.start(),
    shutdown: () => {
      stopping ??= (async () => {
        try {
          sampling.cancelAll();
          await chatModule.shutdown();
          await mcp.shutdown();
        } finally {
          releaseLock();
        }
      })();
      return stopping;
    },
  };
}
