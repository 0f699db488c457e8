/**
 * From a catalog entry (server.json) to a Switchboard server config: which ways to run it we support, which inputs the
 * user must give, and the config those inputs make (npm -> npx, pypi -> uvx, oci -> docker, remotes -> http). Pure.
 */
import type { HttpServerConfig, ServerConfig, StdioServerConfig } from '../serverConfig.ts';
import type { Argument, Input, KeyValueInput, Package, ServerJson } from './serverJson.ts';

/** Package registries we know how to run, and the program that runs each. */
export const runners = { npm: 'npx', pypi: 'uvx', oci: 'docker' } as const;
/** A package registry we know how to run. */
export type RunnableRegistry = keyof typeof runners;

/** One way to install a server: one of its packages or one of its remotes (index into the server.json array). */
export type InstallOption = { kind: 'package'; index: number; registryType: RunnableRegistry } | { kind: 'remote'; index: number; transport: 'streamable-http' | 'sse' };

/** An input the user must give before the server can start. */
export interface RequiredInput {
  /** Stable key for the values map: `env.NAME`, `header.NAME`, `package.2`, `runtime.0`, with `.{variable}` for variables. */
  key: string;
  /** What the user sees: the variable or header name, the argument's name or value hint. */
  label: string;
  target: 'env' | 'header' | 'arg';
  description?: string;
  isSecret: boolean;
  /** Prefilled value (the input's default). */
  default?: string;
  choices?: string[];
  format?: Input['format'];
}

/** What an option makes: the config (with inputs filled as far as given) and the keys of required inputs left empty. */
export interface InstallPlan {
  config: ServerConfig;
  inputs: RequiredInput[];
  missing: string[];
}

const isRunnable = (type: string): type is RunnableRegistry => Object.prototype.hasOwnProperty.call(runners, type);

/** The ways to install `server` that Switchboard can run: stdio packages of npm/pypi/oci first, then remotes. */
export function installOptions(server: ServerJson): InstallOption[] {
  const options: InstallOption[] = [];
  (server.packages ?? []).forEach((pkg, index) => {
    if (isRunnable(pkg.registryType) && pkg.transport.type === 'stdio') options.push({ kind: 'package', index, registryType: pkg.registryType });
  });
  (server.remotes ?? []).forEach((remote, index) => options.push({ kind: 'remote', index, transport: remote.type }));
  return options;
}

/** A short server name for the form: the part after the slash of the reverse-DNS name. */
export function suggestedName(server: ServerJson): string {
  return server.name.slice(server.name.indexOf('/') + 1).slice(0, 100);
}

/** Collects inputs while resolving values, so the plan and the list of required inputs come from one walk. */
class Resolver {
  readonly inputs: RequiredInput[] = [];
  readonly missing: string[] = [];
  private readonly values: Readonly<Record<string, string>>;
  constructor(values: Readonly<Record<string, string>>) {
    this.values = values;
  }

  /** The value of an input: fixed (with `{variables}` filled), typed by the user, or its default; undefined when absent. */
  resolve(input: Input & { variables?: Record<string, Input> | undefined }, key: string, label: string, target: RequiredInput['target']): string | undefined {
    if (input.value !== undefined) {
      return input.value.replace(/\{([A-Za-z0-9_.-]+)\}/g, (whole, name: string) => {
        const variable = input.variables?.[name];
        if (!variable) return whole;
        return this.resolve({ ...variable, isSecret: variable.isSecret ?? input.isSecret }, `${key}.{${name}}`, `${label} {${name}}`, target) ?? '';
      });
    }
    if (!input.isRequired) return undefined;
    this.inputs.push({
      key,
      label,
      target,
      isSecret: input.isSecret === true,
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.default !== undefined ? { default: input.default } : {}),
      ...(input.choices ? { choices: input.choices } : {}),
      ...(input.format ? { format: input.format } : {}),
    });
    const typed = this.values[key] ?? input.default ?? '';
    if (typed.trim() === '') {
      this.missing.push(key);
      return undefined;
    }
    return typed;
  }

  /** Arguments in order: fixed ones, then required ones as given; optional arguments without a value are left out. */
  args(list: Argument[] | undefined, prefix: string): string[] {
    const out: string[] = [];
    (list ?? []).forEach((arg, index) => {
      const label = arg.type === 'named' ? arg.name : (arg.valueHint ?? `argument ${index + 1}`);
      const value = this.resolve(arg, `${prefix}.${index}`, label, 'arg');
      if (arg.type === 'named') {
        if (value !== undefined) out.push(arg.name, ...(value === '' ? [] : [value]));
      } else if (value !== undefined) out.push(value);
    });
    return out;
  }

  /** Environment variables or headers: fixed and required ones; the names of those that are not secret. */
  pairs(list: KeyValueInput[] | undefined, target: 'env' | 'header'): { record: Record<string, string>; open: string[]; secret: string[] } {
    const record: Record<string, string> = {};
    const open: string[] = [];
    const secretNames: string[] = [];
    for (const item of list ?? []) {
      const value = this.resolve(item, `${target}.${item.name}`, item.name, target);
      // A required value still empty is kept empty, so the form shows the row to fill.
      if (value === undefined && !item.isRequired) continue;
      record[item.name] = value ?? '';
      const secret = item.isSecret === true || Object.values(item.variables ?? {}).some((v) => v.isSecret === true);
      if (secret) secretNames.push(item.name);
      else open.push(item.name);
    }
    return { record, open, secret: secretNames };
  }
}

function imageOf(pkg: Package): string {
  const lastPart = pkg.identifier.slice(pkg.identifier.lastIndexOf('/') + 1);
  return pkg.version && !lastPart.includes(':') && !lastPart.includes('@') ? `${pkg.identifier}:${pkg.version}` : pkg.identifier;
}

function packageSpec(pkg: Package, registry: RunnableRegistry): string {
  if (registry === 'oci') return imageOf(pkg);
  if (!pkg.version) return pkg.identifier;
  return registry === 'npm' ? `${pkg.identifier}@${pkg.version}` : `${pkg.identifier}==${pkg.version}`;
}

function packageConfig(pkg: Package, registry: RunnableRegistry, resolver: Resolver): StdioServerConfig {
  const runtime = resolver.args(pkg.runtimeArguments, 'runtime');
  const env = resolver.pairs(pkg.environmentVariables, 'env');
  const packageArgs = resolver.args(pkg.packageArguments, 'package');
  const spec = packageSpec(pkg, registry);
  const head =
    registry === 'npm'
      ? ['-y', ...runtime, spec]
      : registry === 'pypi'
        ? [...runtime, spec]
        : // docker reads each `-e NAME` from its own environment, which is the server's env: values stay out of the args.
          ['run', '-i', '--rm', ...Object.keys(env.record).flatMap((name) => ['-e', name]), ...runtime, spec];
  const hasEnv = Object.keys(env.record).length > 0;
  return {
    command: runners[registry],
    args: [...head, ...packageArgs],
    ...(hasEnv ? { env: env.record } : {}),
    ...(hasEnv && env.open.length ? { publicEnv: env.open } : {}),
    // Secret values go to the secret store when the entry is saved (decision 010), never into servers.json.
    ...(env.secret.length ? { secretEnv: env.secret } : {}),
  };
}

function remoteConfig(server: ServerJson, index: number, resolver: Resolver): HttpServerConfig {
  const remote = server.remotes?.[index];
  if (!remote) throw new RangeError(`No remote ${index}`);
  const url = resolver.resolve({ value: remote.url, ...(remote.variables ? { variables: remote.variables } : {}) }, 'url', 'URL', 'arg') ?? remote.url;
  const headers = resolver.pairs(remote.headers, 'header');
  const hasHeaders = Object.keys(headers.record).length > 0;
  return {
    type: remote.type === 'sse' ? 'sse' : 'http',
    url,
    ...(hasHeaders ? { headers: headers.record } : {}),
    ...(hasHeaders && headers.open.length ? { publicHeaders: headers.open } : {}),
    ...(headers.secret.length ? { secretHeaders: headers.secret } : {}),
  };
}

/** The config `option` makes with the user's `values` (keyed by RequiredInput.key), the inputs it asks for and those still empty. */
export function planInstall(server: ServerJson, option: InstallOption, values: Readonly<Record<string, string>> = {}): InstallPlan {
  const resolver = new Resolver(values);
  let config: ServerConfig;
  if (option.kind === 'remote') config = remoteConfig(server, option.index, resolver);
  else {
    const pkg = server.packages?.[option.index];
    if (!pkg) throw new RangeError(`No package ${option.index}`);
    config = packageConfig(pkg, option.registryType, resolver);
  }
  return { config, inputs: resolver.inputs, missing: resolver.missing };
}

// Placeholders of the preview (`<allowed_directory>`) read better bare, as in READMEs.
const quote = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) || /^<[^<>\s]+>$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** The exact command line (or URL) a config runs, quoted as a shell would need. */
export function describeRun(config: ServerConfig): string {
  if ('url' in config) return config.url;
  return [config.command, ...(config.args ?? [])].map(quote).join(' ');
}

/** Values for a preview of the command: what the user typed, else the default, else `<label>`; secrets always `<label>`. */
export function previewValues(inputs: readonly RequiredInput[], values: Readonly<Record<string, string>> = {}): Record<string, string> {
  return Object.fromEntries(inputs.map((input) => [input.key, input.isSecret ? `<${input.label}>` : values[input.key]?.trim() || input.default || `<${input.label}>`]));
}
