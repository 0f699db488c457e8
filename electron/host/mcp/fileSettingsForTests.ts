/** Test helper: tool settings kept as raw servers-file entries, edited and validated with the real code (no fakes). */
import { err, ok, type Result } from '../../../shared/errors.ts';
import { validateServerEntry } from '../../../shared/importConfig.ts';
import type { ServerConfig, ToolSettings } from '../../../shared/serverConfig.ts';
import { patchToolSettings } from './serversFileEntries.ts';

/** Raw servers-file entries edited with the real entry code and validated with the real schema. */
export class FileSettings {
  raw = new Map<string, unknown>();
  config = (id: string): ServerConfig | undefined => {
    const checked = validateServerEntry(this.raw.get(id));
    return checked.ok ? checked.config : undefined;
  };
  updateTool = (serverId: string, toolName: string, patch: Partial<ToolSettings>): Promise<Result<null>> => {
    const next = patchToolSettings(this.raw.get(serverId), toolName, patch);
    if (!next.ok) return Promise.resolve(err(next.error.code, next.error.message));
    this.raw.set(serverId, next.value);
    return Promise.resolve(ok(null));
  };
}
