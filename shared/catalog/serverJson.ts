/**
 * The MCP Registry's `server.json` format (schema 2025-10-17: camelCase fields), as zod schemas: the bundled catalog
 * and registry answers are validated with these before anything is shown or installed.
 */
import { z } from 'zod';

/** The `$schema` URL of the version of server.json the bundled catalog is written in. */
export const serverJsonSchemaUrl = 'https://static.modelcontextprotocol.io/schemas/2025-10-17/server.schema.json';

const text = (max: number) => z.string().max(max);
/** A web address the app may open: http(s) only, so a hostile registry cannot hand the page a `javascript:` link. */
const webUrl = z
  .string()
  .max(2000)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http:// or https:// address');

/** Fields shared by every input (argument, environment variable, header, variable). */
const inputFields = {
  description: text(2000).optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']).optional(),
  /** A fixed value; may reference `{variables}`. */
  value: text(2000).optional(),
  default: text(2000).optional(),
  placeholder: text(500).optional(),
  choices: z.array(text(500)).max(100).optional(),
};

/** A user input referenced as `{name}` inside another input's value. */
export const inputSchema = z.object(inputFields);
/** A user input referenced as `{name}` inside another input's value. */
export type Input = z.infer<typeof inputSchema>;

const variables = z.record(z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/), inputSchema).optional();

/** An environment variable or HTTP header. */
export const keyValueInputSchema = z.object({ ...inputFields, name: z.string().min(1).max(200), variables });
/** An environment variable or HTTP header. */
export type KeyValueInput = z.infer<typeof keyValueInputSchema>;

/** A positional argument (`value`, or asked for under `valueHint`). */
export const positionalArgumentSchema = z.object({
  ...inputFields,
  type: z.literal('positional'),
  valueHint: text(200).optional(),
  isRepeated: z.boolean().optional(),
  variables,
});
/** A named argument (`--name value`, or just `--name` when it has no value). */
export const namedArgumentSchema = z.object({
  ...inputFields,
  type: z.literal('named'),
  name: z.string().min(1).max(200),
  isRepeated: z.boolean().optional(),
  variables,
});
/** A runtime or package argument. */
export const argumentSchema = z.discriminatedUnion('type', [positionalArgumentSchema, namedArgumentSchema]);
/** A runtime or package argument. */
export type Argument = z.infer<typeof argumentSchema>;

/** How a package speaks MCP once started. */
export const transportSchema = z.object({
  type: z.enum(['stdio', 'streamable-http', 'sse']),
  url: text(2000).optional(),
  headers: z.array(keyValueInputSchema).max(100).optional(),
});

/** A package the server is published as (npm, pypi, oci, nuget, mcpb...). */
export const packageSchema = z.object({
  registryType: z.string().min(1).max(50),
  registryBaseUrl: z.string().url().optional(),
  identifier: z.string().min(1).max(500),
  version: text(255).optional(),
  fileSha256: z.string().regex(/^[a-f0-9]{64}$/).optional(),
  runtimeHint: text(100).optional(),
  transport: transportSchema,
  runtimeArguments: z.array(argumentSchema).max(200).optional(),
  packageArguments: z.array(argumentSchema).max(200).optional(),
  environmentVariables: z.array(keyValueInputSchema).max(200).optional(),
});
/** A package the server is published as. */
export type Package = z.infer<typeof packageSchema>;

/** A hosted endpoint of the server. */
export const remoteSchema = z.object({
  type: z.enum(['streamable-http', 'sse']),
  url: z.string().min(1).max(2000),
  headers: z.array(keyValueInputSchema).max(100).optional(),
  variables,
});
/** A hosted endpoint of the server. */
export type Remote = z.infer<typeof remoteSchema>;

/** One server.json document. Unknown fields (icons, _meta...) are allowed and ignored. */
export const serverJsonSchema = z.object({
  $schema: z.string().url().optional(),
  /** Reverse-DNS name, e.g. `io.github.modelcontextprotocol/filesystem`. */
  name: z.string().min(3).max(200).regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'name must look like namespace/name'),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  version: z.string().min(1).max(255),
  status: z.enum(['active', 'deprecated', 'deleted']).optional(),
  websiteUrl: webUrl.optional(),
  repository: z.object({ url: webUrl, source: z.string().min(1), subfolder: z.string().optional(), id: z.string().optional() }).optional(),
  packages: z.array(packageSchema).max(50).optional(),
  remotes: z.array(remoteSchema).max(50).optional(),
});
/** One server.json document. */
export type ServerJson = z.infer<typeof serverJsonSchema>;

/** One page of `GET /v0/servers` from an MCP registry. Entries stay `unknown` so one bad entry drops alone. */
export const registryPageSchema = z.object({
  servers: z.array(z.object({ server: z.unknown() }).passthrough()).max(1000),
  metadata: z.object({ nextCursor: z.string().optional(), count: z.number().optional() }).passthrough().optional(),
});
