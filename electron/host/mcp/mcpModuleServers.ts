/** The `servers.*` calls: add, update, remove, enable, trust, restart, test, logs, import. */
import { err, ok, type Result } from '../../../shared/errors.ts';
import { isHttpConfig, type ServerConfig } from '../../../shared/serverConfig.ts';
import type { ServerView } from '../../../shared/servers.ts';
import { isRecord, parseImportDocument, planImport, previewImport, validateServerEntry } from '../../../shared/importConfig.ts';
import type { McpCalls } from '../ports.ts';
import type { McpModuleContext } from './mcpModuleContext.ts';
import { withEntries, type ServersDocument } from './serversFile.ts';
import { findName, lenientConfig, mergeEntry, patchEntry, replaceEntry } from './serversFileEntries.ts';
import { maskUrl, unmaskConfig } from './serversFileMask.ts';

type ServerCalls = Pick<McpCalls,
  | 'servers.list' | 'servers.add' | 'servers.update' | 'servers.remove' | 'servers.setEnabled' | 'servers.setTrustReadOnly'
  | 'servers.restart' | 'servers.test' | 'servers.logs' | 'servers.importPreview' | 'servers.importApply'>;

/** A document with one entry set (added at the end, or replaced in place). */
function setEntry(doc: ServersDocument, name: string, raw: unknown, previousName = name): ServersDocument {
  return withEntries(doc, replaceEntry(doc.entries, previousName, name, raw));
}

/** The stored config behind an entry, for restoring masked secrets (lenient when the entry is invalid). */
function storedConfig(raw: unknown): ServerConfig {
  const checked = validateServerEntry(raw);
  return checked.ok ? checked.config : lenientConfig(raw);
}

/** The app never saves an entry it would then report as invalid: the form gets the field at fault instead. */
function refuseInvalid(raw: unknown): Result<never> | undefined {
  const checked = validateServerEntry(raw);
  return checked.ok ? undefined : err('invalid_config', checked.message, checked.field ? { field: checked.field } : {});
}

const missing = (id: string) => err('not_found', `No server named "${id}"`);
const taken = (name: string) => err('already_exists', `A server named "${name}" already exists`, { field: 'name' });

/** Builds the server calls over the module context. */
export function createServerCalls(ctx: McpModuleContext): ServerCalls {
  const viewOf = (id: string): Result<ServerView> => {
    const view = ctx.view(id);
    return view ? ok(view) : missing(id);
  };

  /** Sets one top-level field of an existing entry and answers its view. */
  const patch = async (id: string, key: string, value: unknown): Promise<Result<ServerView>> => {
    const changed = await ctx.change((doc) => {
      if (!doc.entries.has(id)) return missing(id);
      const next = patchEntry(doc.entries.get(id), key, value);
      return next.ok ? ok({ doc: setEntry(doc, id, next.value), value: null }) : next;
    });
    return changed.ok ? viewOf(id) : changed;
  };

  return {
    'servers.list': () => Promise.resolve(ok(ctx.views())),

    async 'servers.add'({ name, config }) {
      const restored = unmaskConfig(config, undefined);
      if (!restored.ok) return restored;
      const invalid = refuseInvalid(restored.value);
      if (invalid) return invalid;
      const changed = await ctx.change((doc) => {
        const existing = findName(doc.entries, name);
        if (existing !== undefined) return taken(existing);
        return ok({ doc: setEntry(doc, name, restored.value), value: null });
      });
      return changed.ok ? viewOf(name) : changed;
    },

    async 'servers.update'({ id, name, config }) {
      const target = name ?? id;
      const changed = await ctx.change((doc) => {
        if (!doc.entries.has(id)) return missing(id);
        const clash = findName(doc.entries, target, id);
        if (clash !== undefined) return taken(clash);
        const oldRaw = doc.entries.get(id);
        const restored = unmaskConfig(config, storedConfig(oldRaw));
        if (!restored.ok) return restored;
        const merged = mergeEntry(oldRaw, restored.value);
        const invalid = refuseInvalid(merged);
        if (invalid) return invalid;
        return ok({ doc: setEntry(doc, target, merged, id), value: null });
      });
      return changed.ok ? viewOf(target) : changed;
    },

    async 'servers.remove'({ id }) {
      const changed = await ctx.change((doc) => {
        if (!doc.entries.has(id)) return missing(id);
        const entries = new Map(doc.entries);
        entries.delete(id);
        return ok({ doc: withEntries(doc, entries), value: null });
      });
      if (changed.ok) ctx.registry.removeServer(id);
      return changed;
    },

    // `enabled` defaults to true, so enabling removes the field rather than writing a redundant `true`.
    'servers.setEnabled': ({ id, enabled }) => patch(id, 'enabled', enabled ? undefined : false),
    'servers.setTrustReadOnly': ({ id, trust }) => patch(id, 'trustReadOnlyHints', trust ? true : undefined),

    async 'servers.restart'({ id }) {
      const server = ctx.server(id);
      if (!server) return missing(id);
      if ('invalid' in server) return err('invalid_config', `Server "${id}" is not valid: ${server.invalid.message}`, server.invalid.field ? { field: server.invalid.field } : {});
      if (server.config.enabled === false) return err('server_disabled', `Server "${id}" is disabled; enable it to start it`);
      return ctx.manager.restart(id);
    },

    async 'servers.test'({ name, config }) {
      const existing = findName(ctx.doc().entries, name);
      const stored = existing !== undefined ? storedConfig(ctx.doc().entries.get(existing)) : undefined;
      // Like a saved sign-in, saved header values and URL keys only go to the saved URL: testing an edited URL with them
      // would hand them to whatever answers there.
      const sameUrl = stored !== undefined && isHttpConfig(stored) && isHttpConfig(config) && (config.url === stored.url || config.url === maskUrl(stored.url));
      const secretsFrom = stored !== undefined && (!isHttpConfig(stored) || sameUrl) ? stored : undefined;
      const restored = unmaskConfig(config, secretsFrom);
      if (!restored.ok && stored !== undefined && secretsFrom === undefined) {
        const field = restored.error.field ?? 'a hidden value';
        return err('invalid_config', `${field}: the saved value is only sent to the saved URL; type it again to test this URL`, { field });
      }
      if (!restored.ok) return restored;
      return ok(await ctx.manager.testConnection(name, restored.value));
    },

    'servers.logs': ({ id, limit }) => Promise.resolve(ctx.server(id) ? ok(ctx.manager.logs(id, limit)) : missing(id)),

    'servers.importPreview': ({ text }) => {
      const parsed = parseImportDocument(text);
      if (!parsed.ok) return Promise.resolve(parsed);
      return Promise.resolve(ok(previewImport(parsed.value, [...ctx.doc().entries.keys()])));
    },

    async 'servers.importApply'({ text, decisions }) {
      const parsed = parseImportDocument(text);
      if (!parsed.ok) return parsed;
      const changed = await ctx.change((doc) => {
        const plan = planImport(parsed.value, decisions, [...doc.entries.keys()]);
        let next = doc;
        for (const change of plan.changes) {
          const old = change.replaces !== undefined ? doc.entries.get(change.replaces) : undefined;
          // A replaced server takes the imported config whole, except per-tool settings it does not define.
          const keepTools = isRecord(old) && old.tools !== undefined && change.config.tools === undefined;
          next = setEntry(next, change.name, keepTools ? { ...change.config, tools: old.tools } : change.config);
        }
        return ok({ doc: next, value: plan.outcome });
      });
      return changed.ok ? ok(changed.value) : changed;
    },
  };
}
