/**
 * A tool's fingerprint: what the model is told about it (description, input schema) plus the title the user sees,
 * hashed so the servers file can remember what the user approved and the registry can tell when it changed.
 */
import { createHash } from 'node:crypto';
import type { ServerTool } from './types.ts';

/** JSON with object keys sorted at every depth, so a server reordering keys does not look like a change. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${keys.filter((key) => record[key] !== undefined).map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `sha256:<hex>` of the tool's title, description and input schema. */
export function toolFingerprint(tool: Pick<ServerTool, 'title' | 'description' | 'inputSchema'>): string {
  const text = canonicalJson({ title: tool.title ?? null, description: tool.description ?? null, inputSchema: tool.inputSchema });
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** True when the user approved a different definition than the one the server offers now. */
export function changedSinceApproval(approvedHash: string | undefined, current: string): boolean {
  return approvedHash !== undefined && approvedHash !== current;
}
