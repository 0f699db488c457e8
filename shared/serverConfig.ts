/** Server configuration: the `mcpServers` entry shape Claude Desktop and Cursor use, plus Switchboard's own fields. */
import { z } from 'zod';
import { clientMetadataUrlSchema } from './clientMetadataUrl.ts';
import { recordSchema } from './ownRecord.ts';
import { bundleMarkerSchema } from './bundles.ts';

/** Per-tool approval policy: ask each time, always allow, or never run. */
export const approvalPolicySchema = z.enum(['ask', 'always_allow', 'deny']);
/** Per-tool approval policy. */
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

/** Per-tool settings kept in the servers file. */
export const toolSettingsSchema = z.object({
  enabled: z.boolean().optional(),
  approval: approvalPolicySchema.optional(),
  /**
   * Fingerprint of the tool's title, description and input schema when the user chose "always allow"; a tool whose
   * definition no longer matches it asks again (a changed description may carry new instructions to the model).
   */
  approvedHash: z.string().max(200).optional(),
});
/** Per-tool settings kept in the servers file. */
export type ToolSettings = z.infer<typeof toolSettingsSchema>;

/** A server name: the key in `mcpServers`, also the server's id. */
export const serverNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name is at most 100 characters');

/** An absolute folder path: POSIX (/...), Windows (C:\...) or UNC (\\server\share). */
function rootPathSchema() {
  return z
    .string()
    .trim()
    .min(1, 'A root is a folder path')
    .max(4096)
    .refine((value) => value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value) || value.startsWith('\\\\'), 'A root must be an absolute folder path');
}

/** The per-server protocol choices: 'auto' or a pinned revision. */
export const protocolChoices = ['auto', '2026-07-28', '2025-11-25'] as const;
/** MCP log levels, least severe first. */
export const logLevels = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

const switchboardFields = {
  /** Disabled servers never start. Default true. */
  enabled: z.boolean().optional(),
  /** Connect timeout in milliseconds. Default 30,000. */
  connectTimeoutMs: z.number().int().min(1000).max(600_000).optional(),
  /** Per-call tool timeout in milliseconds (reset by progress). Default 600,000. */
  toolTimeoutMs: z.number().int().min(1000).max(86_400_000).optional(),
  /** Auto-allow tools that declare readOnlyHint. Default false. */
  trustReadOnlyHints: z.boolean().optional(),
  /** Per-tool settings keyed by the server's own tool name. */
  tools: recordSchema(z.string(), toolSettingsSchema).optional(),
  /** Folders offered to the server as roots (absolute paths). A hint to the server, not a sandbox. None by default. */
  roots: z.array(rootPathSchema()).max(50, 'At most 50 roots').optional(),
  /** Answer the server's sampling requests without asking each time (still rate-limited). Default false. */
  allowSampling: z.boolean().optional(),
  /** Protocol revision: 'auto' (default) probes the era; a pin skips the probe and speaks only that revision. */
  protocol: z.enum(protocolChoices).optional(),
  /** MCP Apps: false stops declaring the extension to this server (its tools then come without UIs). Default true. */
  apps: z.boolean().optional(),
  /** Least severe server log message wanted (logging/setLevel on 2025, the per-request level on 2026). Default 'info'. */
  logLevel: z.enum(logLevels).optional(),
  /** Set on entries installed from a .mcpb bundle (its name and version), so update and uninstall know them. */
  bundle: bundleMarkerSchema.optional(),
};

/** The protocol revisions a server may be pinned to, or 'auto'. */
export type ProtocolChoice = (typeof protocolChoices)[number];
/** MCP log levels (RFC 5424 severities), least severe first. */
export type LogLevel = (typeof logLevels)[number];

const envKeySchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Environment variable names use letters, digits and _');

/** A server launched as a child process speaking JSON-RPC over stdio. */
export const stdioServerConfigSchema = z.object({
  type: z.literal('stdio').optional(),
  command: z.string().trim().min(1, 'Command is required'),
  args: z.array(z.string()).optional(),
  env: recordSchema(envKeySchema, z.string()).optional(),
  /** Env variables the user marked as not secret: shown in the clear. Every other env value is masked. */
  publicEnv: z.array(envKeySchema).optional(),
  /** Env variables whose values are in the secret store (decision 010), not in this file; resolved when launching. */
  secretEnv: z.array(envKeySchema).max(100).optional(),
  /** Argument values in the secret store (decision 010): `args` hold `${secret:NAME}` where each goes; resolved when launching. */
  secretArgs: z.array(z.string().regex(/^[A-Za-z0-9_.-]{1,120}$/, 'Secret argument names use letters, digits, _, . and -')).max(100).optional(),
  cwd: z.string().min(1).optional(),
  ...switchboardFields,
});

/** A remote server reached over Streamable HTTP. */
export const httpServerConfigSchema = z.object({
  type: z.enum(['http', 'streamable-http', 'streamableHttp', 'sse']),
  url: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, 'URL must be an http:// or https:// address'),
  headers: recordSchema(z.string().min(1), z.string()).optional(),
  /** Headers the user marked as not secret (names, any case): shown in the clear. Every other header value is masked. */
  publicHeaders: z.array(z.string().min(1)).optional(),
  /** Headers whose values are in the secret store (decision 010), not in this file; resolved when connecting. */
  secretHeaders: z.array(z.string().min(1)).max(100).optional(),
  /** OAuth sign-in settings; only needed for servers whose authorization server cannot register Switchboard itself. */
  oauth: z
    .object({
      /** Client ID registered with the authorization server by hand (pre-registration). */
      clientId: z.string().trim().min(1).optional(),
      /** Client secret that goes with `clientId`, for confidential pre-registered clients. */
      clientSecret: z.string().min(1).optional(),
      /** Scopes to ask for when neither the server's challenge nor its metadata name any. */
      scopes: z.array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, 'A scope is one word of printable characters')).optional(),
      /** Fixed loopback port for the sign-in redirect (when a pre-registered client only allows one). */
      callbackPort: z.number().int().min(1024).max(65535).optional(),
      /** This server's client ID metadata document URL, instead of the app's setting (used when the server supports CIMD). */
      clientMetadataUrl: clientMetadataUrlSchema.optional(),
    })
    .optional(),
  ...switchboardFields,
});

/** One server entry as stored in the servers file. Stdio entries may omit `type`. */
export const serverConfigSchema = z.union([httpServerConfigSchema, stdioServerConfigSchema]);
/** One server entry as stored in the servers file. */
export type ServerConfig = z.infer<typeof serverConfigSchema>;
/** A stdio server entry. */
export type StdioServerConfig = z.infer<typeof stdioServerConfigSchema>;
/** A Streamable HTTP server entry. */
export type HttpServerConfig = z.infer<typeof httpServerConfigSchema>;

/** True when the entry describes a remote (HTTP) server. */
export function isHttpConfig(config: ServerConfig): config is HttpServerConfig {
  return 'url' in config;
}

/** The whole servers file: `{ "mcpServers": { name: entry } }`. Entries stay `unknown` until validated one by one. */
export const serversFileSchema = z.object({
  mcpServers: recordSchema(z.string(), z.unknown()),
});

/** Defaults applied when a field is absent. */
export const serverDefaults = {
  connectTimeoutMs: 30_000,
  toolTimeoutMs: 600_000,
  protocol: 'auto',
  logLevel: 'info',
} as const;
