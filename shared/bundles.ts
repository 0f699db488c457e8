/** .mcpb bundles (Claude Desktop's extension format): what the renderer sends to install one and what the host shows of it. */
import { z } from 'zod';

/** Largest .mcpb archive accepted (opened by path on the desktop). */
export const BUNDLE_MAX_ARCHIVE_BYTES = 200 * 1024 * 1024;
/** Largest archive sent as bytes over the bridge (the web mode's WebSocket takes 16 MB messages; base64 adds a third). */
export const BUNDLE_MAX_UPLOAD_BYTES = 11 * 1024 * 1024;

/** Where the archive comes from: a path on the host's machine (desktop file handler, drop) or its bytes in base64. */
export const bundleSourceSchema = z.union([
  z.object({ path: z.string().min(1).max(4096) }).strict(),
  z.object({ fileName: z.string().max(500).optional(), base64: z.string().min(1).max(Math.ceil(BUNDLE_MAX_UPLOAD_BYTES / 3) * 4 + 4) }).strict(),
]);
/** Where the archive comes from. */
export type BundleSource = z.infer<typeof bundleSourceSchema>;

/** A user_config value as the manifest types it (string, number, boolean; a list when `multiple`). */
export const userConfigValueSchema = z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(100)]);
/** user_config values keyed by the manifest's option names. */
export const userConfigValuesSchema = z.record(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/), userConfigValueSchema);
/** user_config values keyed by option name. */
export type UserConfigValues = z.infer<typeof userConfigValuesSchema>;

/** One user_config option as the install form asks for it. */
export interface BundleUserConfigField {
  key: string;
  type: 'string' | 'number' | 'boolean' | 'directory' | 'file';
  title: string;
  description: string;
  required: boolean;
  sensitive: boolean;
  multiple: boolean;
  default?: string | number | boolean | string[];
  min?: number;
  max?: number;
  /** True when an installed version already holds a value (a sensitive one is never sent back). */
  hasStoredValue: boolean;
}

/** What the package says of the archive's signature. */
export type BundleSignature = { status: 'signed' | 'self-signed'; publisher?: string; issuer?: string } | { status: 'unsigned' } | { status: 'invalid'; reason: string };

/** A validated bundle, before installing it. */
export interface BundlePreview {
  name: string;
  displayName: string;
  version: string;
  description: string;
  author: string;
  manifestVersion: string;
  serverType: 'node' | 'python' | 'binary';
  tools: { name: string; description?: string }[];
  prompts: { name: string; description?: string }[];
  compatibility: { platforms?: string[]; runtimes?: Record<string, string>; app?: string };
  signature: BundleSignature;
  userConfig: BundleUserConfigField[];
  /** The version installed now under this name (an install replaces it, keeping its user_config), if any. */
  installedVersion?: string;
  /** Files and unpacked size. */
  files: number;
  unpackedBytes: number;
}

/** The marker on a servers.json entry installed from a bundle: update and uninstall look for it. */
export const bundleMarkerSchema = z.object({ name: z.string().min(1).max(100), version: z.string().min(1).max(100) });
/** The marker on a bundle's server entry. */
export type BundleMarker = z.infer<typeof bundleMarkerSchema>;

/** Why a bundle was refused, in `detail` of a `bundle_refused` error. */
export type BundleRefusal = 'too_large' | 'bad_zip' | 'unsafe_path' | 'zip_bomb' | 'bad_manifest' | 'unsupported_platform' | 'unsupported_runtime' | 'missing_config' | 'name_taken';
