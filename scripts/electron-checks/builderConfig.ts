/** Validates electron-builder.yml against electron-builder's own JSON schema, plus the packaging rules of this project. */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';

/** The verdict on one config file. */
export interface BuilderConfigReport {
  schemaVersion: string;
  /** Schema violations and project-rule violations, each naming the path at fault. */
  problems: string[];
}

function schemaPath(): { path: string; version: string } {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('app-builder-lib/package.json');
  const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  return { path: join(dirname(packageJson), 'scheme.json'), version };
}

function describe(error: ErrorObject): string {
  const where = error.instancePath || '(root)';
  const extra = error.keyword === 'additionalProperties' ? ` "${String((error.params as { additionalProperty?: unknown }).additionalProperty)}"` : '';
  return `${where}: ${error.message ?? error.keyword}${extra}`;
}

/** What the project requires beyond the schema: identity, targets, icons present, only dist/ and package.json inside. */
export function projectRuleProblems(config: Record<string, unknown>, projectRoot: string): string[] {
  const problems: string[] = [];
  const section = (name: string) => (config[name] ?? {}) as Record<string, unknown>;
  const targets = (name: string) => {
    const raw = section(name).target;
    const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
    return list.map((entry: unknown) => (typeof entry === 'string' ? entry : String((entry as { target?: unknown }).target)));
  };
  if (config.productName !== 'Switchboard') problems.push('productName: must be "Switchboard"');
  if (typeof config.appId !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(config.appId)) problems.push('appId: must be a reverse-DNS id');
  if (config.asar !== true) problems.push('asar: must be true');
  for (const [platform, wanted] of [['linux', ['AppImage', 'deb']], ['mac', ['dmg']], ['win', ['nsis']]] as const) {
    for (const target of wanted) if (!targets(platform).includes(target)) problems.push(`${platform}.target: missing ${target}`);
    const icon = section(platform).icon;
    if (typeof icon !== 'string' || !existsSync(join(projectRoot, icon))) problems.push(`${platform}.icon: missing file ${String(icon)}`);
  }
  const files = config.files;
  if (!Array.isArray(files) || files.some((pattern) => typeof pattern !== 'string' || !(pattern.startsWith('dist/') || pattern === 'package.json'))) {
    problems.push('files: only dist/ output and package.json may be packaged');
  }
  // sharp's native addon and libvips cannot load from inside the asar (attached images are scaled with it).
  const unpacked = Array.isArray(config.asarUnpack) ? config.asarUnpack : [config.asarUnpack];
  for (const needed of ['node_modules/sharp/**/*', 'node_modules/@img/**/*']) if (!unpacked.includes(needed)) problems.push(`asarUnpack: must include ${needed} (sharp's native files)`);
  // The fuses issue 9 requires: no Node mode for the binary, only the app's own asar, and that asar's integrity checked.
  const fuses = section('electronFuses');
  for (const [fuse, wanted] of [['runAsNode', false], ['onlyLoadAppFromAsar', true], ['enableEmbeddedAsarIntegrityValidation', true], ['enableNodeOptionsEnvironmentVariable', false], ['enableNodeCliInspectArguments', false]] as const) {
    if (fuses[fuse] !== wanted) problems.push(`electronFuses.${fuse}: must be ${String(wanted)}`);
  }
  return problems;
}

let compiled: { path: string; validate: ValidateFunction } | undefined;

// Compiling electron-builder's schema takes a second; it is done once per process.
function compiledSchema(path: string): ValidateFunction {
  if (compiled?.path !== path) {
    // The schema uses a few non-standard keywords and formats; strict mode would refuse the schema itself.
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
    compiled = { path, validate: ajv.compile(JSON.parse(readFileSync(path, 'utf8')) as object) };
  }
  return compiled.validate;
}

/** Parses and validates the YAML text of an electron-builder config. */
export function validateBuilderConfigText(text: string, projectRoot: string): BuilderConfigReport {
  const schema = schemaPath();
  let config: unknown;
  try {
    config = parse(text);
  } catch (cause) {
    return { schemaVersion: schema.version, problems: [`YAML: ${cause instanceof Error ? cause.message : String(cause)}`] };
  }
  const validate = compiledSchema(schema.path);
  const problems = validate(config) ? [] : [...new Set((validate.errors ?? []).map(describe))];
  if (config && typeof config === 'object') problems.push(...projectRuleProblems(config as Record<string, unknown>, projectRoot));
  return { schemaVersion: schema.version, problems };
}

/** Validates the project's electron-builder.yml. */
export function validateBuilderConfig(projectRoot: string): BuilderConfigReport {
  return validateBuilderConfigText(readFileSync(join(projectRoot, 'electron-builder.yml'), 'utf8'), projectRoot);
}
