/** Opens a .mcpb archive in memory: checks it is a safe zip, validates its manifest with @anthropic-ai/mcpb, reads its signature. */
import { unzipSync } from 'fflate';
import { VERSIONED_MANIFEST_SCHEMAS, vAny } from '@anthropic-ai/mcpb/schemas';
import { extractSignatureBlock, verifyMcpbFile } from '@anthropic-ai/mcpb/node';
import type { BundleSignature } from '../../../shared/bundles.ts';
import { checkEntries, readZipEntries, refusal, type Refused, type UnpackLimits, type ZipEntry } from './zipEntries.ts';

/** The validated manifest (any manifest version the package knows). */
export type BundleManifest = ReturnType<typeof vAny.McpbManifestSchema.parse>;

/** An archive that passed every check, held in memory until it is unpacked. */
export interface OpenedBundle {
  manifest: BundleManifest;
  entries: ZipEntry[];
  files: Record<string, Uint8Array>;
}

/** Bundle names become folder and server names: keep them to plain characters. */
const bundleName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const serverTypes = new Set(['node', 'python', 'binary']);

function formatIssues(error: { issues: { path: (string | number)[]; message: string }[] }): string {
  return error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`).join('; ');
}

/** Unzips and validates; the archive's bytes without any signature block. */
export function openBundle(archive: Uint8Array, limits: UnpackLimits, platform: NodeJS.Platform = process.platform): OpenedBundle | Refused {
  const { originalContent } = extractSignatureBlock(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
  const entries = readZipEntries(originalContent);
  if ('refused' in entries) return entries;
  const unsafe = checkEntries(entries, limits);
  if (unsafe) return unsafe;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(originalContent);
  } catch (cause) {
    return refusal('bad_zip', 'bundle.zipUnreadable', { reason: cause instanceof Error ? cause.message : String(cause) });
  }
  // The directory's sizes bounded the checks above; the data must agree with them.
  for (const entry of entries) {
    const data = files[entry.name];
    if (!entry.directory && (data === undefined || data.length !== entry.size)) return refusal('bad_zip', 'bundle.sizeMismatch', { name: entry.name });
  }
  const manifestBytes = files['manifest.json'];
  if (!manifestBytes) return refusal('bad_manifest', 'bundle.noManifest');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(manifestBytes));
  } catch (cause) {
    return refusal('bad_manifest', 'bundle.manifestNotJson', { reason: cause instanceof Error ? cause.message : String(cause) });
  }
  const parsed = vAny.McpbManifestSchema.safeParse(json);
  if (!parsed.success) {
    // The any-version schema only says "Invalid input"; the schema of the version the manifest declares says what is wrong.
    const declared = typeof json === 'object' && json !== null ? ((json as Record<string, unknown>).manifest_version ?? (json as Record<string, unknown>).dxt_version) : undefined;
    const versioned = typeof declared === 'string' && Object.hasOwn(VERSIONED_MANIFEST_SCHEMAS, declared) ? VERSIONED_MANIFEST_SCHEMAS[declared as keyof typeof VERSIONED_MANIFEST_SCHEMAS].safeParse(json) : undefined;
    const issues = versioned && !versioned.success ? versioned.error : parsed.error;
    return refusal('bad_manifest', 'bundle.manifestInvalid', { issues: formatIssues(issues) });
  }
  const manifest = parsed.data;
  if (!bundleName.test(manifest.name)) return refusal('bad_manifest', 'bundle.badName', { name: manifest.name });
  if (!serverTypes.has(manifest.server.type)) return refusal('unsupported_runtime', 'bundle.serverType', { type: manifest.server.type });
  if (!manifest.server.mcp_config) return refusal('bad_manifest', 'bundle.noMcpConfig');
  const entryPoint = manifest.server.entry_point.replace(/\\/g, '/').replace(/^\.\//, '');
  if (files[entryPoint] === undefined) return refusal('bad_manifest', 'bundle.noEntryPoint', { path: manifest.server.entry_point });
  const platforms = manifest.compatibility?.platforms;
  if (platforms && !platforms.includes(platform as 'darwin' | 'win32' | 'linux')) {
    return refusal('unsupported_platform', 'bundle.platform', { platforms: platforms.join(', '), platform });
  }
  for (const key of Object.keys(manifest.user_config ?? {})) {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(key)) return refusal('bad_manifest', 'bundle.optionKey', { key });
  }
  return { manifest, entries, files };
}

/** The signature status as @anthropic-ai/mcpb reports it (it reads the file from disk). */
export async function readSignature(archivePath: string): Promise<BundleSignature> {
  try {
    const info = await verifyMcpbFile(archivePath);
    if (info.status === 'unsigned') return { status: 'unsigned' };
    return { status: info.status, ...(info.publisher ? { publisher: info.publisher } : {}), ...(info.issuer ? { issuer: info.issuer } : {}) };
  } catch (cause) {
    return { status: 'invalid', reason: cause instanceof Error ? cause.message : String(cause) };
  }
}
