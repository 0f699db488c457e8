/** The `servers.*` calls: add, update, remove, enable, trust, restart, test, logs, import. */
import { err, hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import { isHttpConfig, type ServerConfig } from '../../../shared/serverConfig.ts';
import type { ServerView } from '../../../shared/servers.ts';
import { isRecord, parseImportDocument, planImport, previewImport, validateServerEntry } from '../../../shared/importConfig.ts';
import type { McpCalls } from '../ports.ts';
import type { McpModuleContext } from './mcpModuleContext.ts';
import { withEntries, type ServersDocument } from './serversFile.ts';
import { findName, lenientConfig, mergeEntry, patchEntry, replaceEntry } from './serversFileEntries.ts';
import { maskUrl, unmaskConfig } from './serversFileMask.ts';
import type { SecretStore } from '../environment.ts';
import { connectionFingerprint } from './manager.ts';
import { changedSecrets, copySecrets, deleteSecrets, resolveSecrets, storedArgRedactions, storedSecretNames, storeSecrets, takeSecrets, withTypedSecrets, type TakenSecrets } from './serversFileSecrets.ts';
import { redactStatus, redactText } from './serverLogs.ts';

type ServerCalls = Pick<McpCalls,
  | 'servers.list' | 'servers.add' | 'servers.update' | 'servers.remove' | 'servers.setEnabled' | 'servers.setTrustReadOnly' | 'servers.setApps'
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
  return checked.ok ? undefined : hostErr('invalid_config', checked.text, checked.field ? { field: checked.field } : {});
}

const missing = (id: string): Result<never> => hostErr('not_found', hostMessage('entry.noServer', { name: id }));
const taken = (name: string): Result<never> => hostErr('already_exists', hostMessage('entry.nameTaken', { name }), { field: 'name' });

/** A secret name that came back masked with nothing stored behind it (not listed before), as the form field. */
function untypedSecret(config: ServerConfig, typed: TakenSecrets, before: ServerConfig | undefined): Result<never> | undefined {
  const known = new Set(before ? storedSecretNames(before) : []);
  const name = storedSecretNames(config).find((n) => !typed.values.has(n) && !known.has(n));
  if (name === undefined) return undefined;
  const field = `${isHttpConfig(config) ? 'headers' : 'env'}.${name}`;
  return hostErr('invalid_config', hostMessage('entry.hiddenValue', { field }), { field });
}

/** Runs secret store writes; a keychain failure is an error the form shows, never a throw across the bridge. */
async function storing(run: () => Promise<void>): Promise<Result<null>> {
  try {
    await run();
    return ok(null);
  } catch (cause) {
    return hostErr('storage_error', hostMessage('entry.secretStoreFailed', { reason: cause instanceof Error ? cause.message : String(cause) }));
  }
}

/** Builds the server calls over the module context. */
export function createServerCalls(ctx: McpModuleContext, secrets: SecretStore): ServerCalls {
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
      const typed = takeSecrets(config);
      const restored = unmaskConfig(typed.config, undefined);
      if (!restored.ok) return restored;
      const invalid = refuseInvalid(restored.value) ?? untypedSecret(restored.value, typed, undefined);
      if (invalid) return invalid;
      // Checked before the secrets are written, so another server's stored values are never overwritten.
      const clash = findName(ctx.doc().entries, name);
      if (clash !== undefined) return taken(clash);
      // Stored first: the server starts as soon as its entry is written, and reads them then.
      const stored = await storing(() => storeSecrets(secrets, name, restored.value, typed.values));
      if (!stored.ok) return stored;
      const changed = await ctx.change((doc) => {
        const existing = findName(doc.entries, name);
        if (existing !== undefined) return taken(existing);
        return ok({ doc: setEntry(doc, name, restored.value), value: null });
      });
      if (!changed.ok && changed.error.code !== 'already_exists') await deleteSecrets(secrets, name, restored.value).catch(() => {});
      return changed.ok ? viewOf(name) : changed;
    },

    async 'servers.update'({ id, name, config }) {
      const target = name ?? id;
      const typed = takeSecrets(config);
      const beforeRaw = ctx.doc().entries.get(id);
      if (beforeRaw === undefined) return missing(id);
      const before = storedConfig(beforeRaw);
      const untyped = untypedSecret(typed.config, typed, before);
      if (untyped) return untyped;
      const clash = findName(ctx.doc().entries, target, id);
      if (clash !== undefined) return taken(clash);
      const changedValues = target === id ? await changedSecrets(secrets, id, typed.config, typed.values).catch(() => [...typed.values.keys()]) : [];
      const stored = await storing(async () => {
        await storeSecrets(secrets, target, typed.config, typed.values);
        if (target !== id) await copySecrets(secrets, id, target, typed.config, typed.values);
      });
      if (!stored.ok) return stored;
      const changed = await ctx.change((doc) => {
        if (!doc.entries.has(id)) return missing(id);
        const clashNow = findName(doc.entries, target, id);
        if (clashNow !== undefined) return taken(clashNow);
        const oldRaw = doc.entries.get(id);
        const restored = unmaskConfig(typed.config, storedConfig(oldRaw));
        if (!restored.ok) return restored;
        const merged = mergeEntry(oldRaw, restored.value);
        const invalid = refuseInvalid(merged);
        if (invalid) return invalid;
        return ok({ doc: setEntry(doc, target, merged, id), value: restored.value });
      });
      if (!changed.ok) return changed;
      // Values no longer listed are forgotten, and all of the old name's after a rename.
      await deleteSecrets(secrets, id, before, target === id ? changed.value : undefined).catch(() => {});
      // A new secret value leaves servers.json as it was, so the manager sees no change: restart so the server gets it.
      const now = ctx.config(target);
      if (changedValues.length > 0 && now && now.enabled !== false && connectionFingerprint(now) === connectionFingerprint(before)) await ctx.manager.restart(target);
      return viewOf(target);
    },

    async 'servers.remove'({ id }) {
      const beforeRaw = ctx.doc().entries.get(id);
      const changed = await ctx.change((doc) => {
        if (!doc.entries.has(id)) return missing(id);
        const entries = new Map(doc.entries);
        entries.delete(id);
        return ok({ doc: withEntries(doc, entries), value: null });
      });
      if (changed.ok) ctx.registry.removeServer(id);
      // A removed server's secrets go with it (a server added later under the same name starts without them).
      if (changed.ok && beforeRaw !== undefined) await deleteSecrets(secrets, id, storedConfig(beforeRaw)).catch(() => {});
      return changed;
    },

    // `enabled` defaults to true, so enabling removes the field rather than writing a redundant `true`.
    'servers.setEnabled': ({ id, enabled }) => patch(id, 'enabled', enabled ? undefined : false),
    'servers.setTrustReadOnly': ({ id, trust }) => patch(id, 'trustReadOnlyHints', trust ? true : undefined),
    'servers.setApps': ({ id, enabled }) => patch(id, 'apps', enabled ? undefined : false),

    async 'servers.restart'({ id }) {
      const server = ctx.server(id);
      if (!server) return missing(id);
      if ('invalid' in server) {
        // The entry's own problem, as the card shows it (a code the window translates).
        const field = server.invalid.field !== undefined ? { field: server.invalid.field } : {};
        return server.invalid.text ? hostErr('invalid_config', server.invalid.text, field) : err('invalid_config', `Server "${id}" is not valid: ${server.invalid.message}`, field);
      }
      if (server.config.enabled === false) return hostErr('server_disabled', hostMessage('state.disabledStart', { server: id }));
      return ctx.manager.restart(id);
    },

    async 'servers.test'({ name, config }) {
      const existing = findName(ctx.doc().entries, name);
      const stored = existing !== undefined ? storedConfig(ctx.doc().entries.get(existing)) : undefined;
      // Like a saved sign-in, saved header values and URL keys only go to the saved URL: testing an edited URL with them
      // would hand them to whatever answers there.
      const sameUrl = stored !== undefined && isHttpConfig(stored) && isHttpConfig(config) && (config.url === stored.url || config.url === maskUrl(stored.url));
      const secretsFrom = stored !== undefined && (!isHttpConfig(stored) || sameUrl) ? stored : undefined;
      const typed = takeSecrets(config);
      const unmasked = unmaskConfig(typed.config, secretsFrom);
      // Values in the secret store follow the same rule: only the saved server's own, and only to its saved URL.
      const restored = unmasked.ok
        ? existing !== undefined && secretsFrom !== undefined
          ? await resolveSecrets(secrets, existing, withTypedSecrets(unmasked.value, typed.values))
          : (untypedSecret(unmasked.value, typed, undefined) ?? ok(withTypedSecrets(unmasked.value, typed.values)))
        : unmasked;
      if (!restored.ok && stored !== undefined && secretsFrom === undefined) {
        const field = restored.error.field ?? 'a hidden value';
        return hostErr('invalid_config', hostMessage('test.savedValueOnly', { field }), { field });
      }
      if (!restored.ok) return restored;
      const report = await ctx.manager.testConnection(name, restored.value);
      // Argument values from the store are redacted by value: the resolved arguments no longer say which are secret.
      const argValues = existing !== undefined && secretsFrom !== undefined ? await storedArgRedactions(secrets, existing, restored.value) : [];
      if (argValues.length === 0) return ok(report);
      const redact = (text: string) => redactText(text, argValues);
      return ok({ ...report, status: redactStatus(report.status, redact), stderrTail: report.stderrTail.map(redact) });
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
