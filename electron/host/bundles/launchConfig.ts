/**
 * Turns a bundle's mcp_config into a stdio server entry: platform overrides applied, `${__dirname}`, `${user_config.KEY}`,
 * `${HOME}` and friends substituted. Written here (not the package's replaceVariables) because that one passes values
 * through String.replace, where a `$&` in a user's value would be rewritten.
 */
import os from 'node:os';
import path from 'node:path';
import type { StdioServerConfig } from '../../../shared/serverConfig.ts';
import type { UserConfigValues } from '../../../shared/bundles.ts';
import type { BundleManifest } from './readBundle.ts';
import { secretArgPlaceholder } from '../mcp/serversFileSecrets.ts';

/** The user's values over the manifest's defaults, each as strings (lists stay lists). */
export function mergedUserConfig(manifest: BundleManifest, values: UserConfigValues): Record<string, string | string[]> {
  const merged: Record<string, string | string[]> = {};
  for (const [key, option] of Object.entries(manifest.user_config ?? {})) {
    const value = Object.prototype.hasOwnProperty.call(values, key) ? values[key] : option.default;
    if (value === undefined) continue;
    merged[key] = Array.isArray(value) ? value.map(String) : typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
  }
  return merged;
}

function substitute(text: string, variables: Map<string, string | string[]>): string {
  return text.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
    const value = variables.get(name);
    if (value === undefined) return whole;
    return Array.isArray(value) ? value.join(',') : value;
  });
}

/** A bundle's server entry, and the sensitive values its arguments take from the secret store. */
export interface BundleLaunch {
  /** Sensitive values used in `args` appear there as `${secret:NAME}` (listed in `secretArgs`); env values in the clear (listed in `secretEnv`). */
  config: StdioServerConfig;
  /** NAME -> value for each `${secret:NAME}` in `config.args`, to store before the entry is saved (decision 010). */
  argSecrets: Map<string, string>;
}

/** The stdio entry that runs the unpacked bundle in `folder`. */
export function launchConfig(manifest: BundleManifest, folder: string, values: UserConfigValues, platform: NodeJS.Platform = process.platform): BundleLaunch {
  const base = manifest.server.mcp_config;
  if (!base) throw new Error('manifest has no mcp_config');
  const override = base.platform_overrides?.[platform];
  const command = override?.command ?? base.command;
  const args = override?.args ?? base.args ?? [];
  const env = override?.env ?? base.env ?? {};
  const variables = new Map<string, string | string[]>([
    ['__dirname', folder],
    ['HOME', os.homedir()],
    ['DESKTOP', path.join(os.homedir(), 'Desktop')],
    ['DOCUMENTS', path.join(os.homedir(), 'Documents')],
    ['DOWNLOADS', path.join(os.homedir(), 'Downloads')],
    ['pathSeparator', path.sep],
    ['/', path.sep],
  ]);
  const sensitive = Object.entries(manifest.user_config ?? {}).flatMap(([key, option]) => (option.sensitive ? [key] : []));
  const merged = mergedUserConfig(manifest, values);
  for (const [key, value] of Object.entries(merged)) variables.set(`user_config.${key}`, value);
  // In arguments a sensitive option becomes a placeholder resolved at spawn time, so servers.json never holds its value.
  const argSecrets = new Map<string, string>();
  const secretOption = (name: string): string | undefined => {
    const key = name.startsWith('user_config.') ? name.slice('user_config.'.length) : undefined;
    return key !== undefined && sensitive.includes(key) && merged[key] !== undefined ? key : undefined;
  };
  const argVariables = new Map(variables);
  for (const key of sensitive) if (merged[key] !== undefined) argVariables.set(`user_config.${key}`, secretArgPlaceholder(key));
  // A `multiple` option standing alone as an argument expands to one argument per value, as the spec says.
  const expandedArgs = args.flatMap((arg) => {
    const whole = /^\$\{([^}]+)\}$/.exec(arg)?.[1];
    const value = whole !== undefined ? variables.get(whole) : undefined;
    if (whole !== undefined && Array.isArray(value)) {
      const key = secretOption(whole);
      if (key === undefined) return value;
      value.forEach((item, i) => argSecrets.set(`${key}.${i}`, item));
      return value.map((_, i) => secretArgPlaceholder(`${key}.${i}`));
    }
    for (const [, name] of arg.matchAll(/\$\{([^}]+)\}/g)) {
      const key = name !== undefined ? secretOption(name) : undefined;
      const plain = key !== undefined ? merged[key] : undefined;
      if (key !== undefined && plain !== undefined) argSecrets.set(key, Array.isArray(plain) ? plain.join(',') : plain);
    }
    return [substitute(arg, argVariables)];
  });
  const resolvedEnv = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, substitute(value, variables)]));
  const resolvedCommand = substitute(command, variables);
  // An env value made from a sensitive option is kept in the secret store when saved (decision 010), not in servers.json.
  const secretEnv = Object.entries(env).flatMap(([key, value]) => (sensitive.some((option) => value.includes(`\${user_config.${option}}`)) ? [key] : []));
  const secretArgs = [...argSecrets.keys()];
  return {
    config: {
      command: resolvedCommand,
      args: expandedArgs,
      ...(Object.keys(resolvedEnv).length > 0 ? { env: resolvedEnv } : {}),
      ...(secretEnv.length > 0 ? { secretEnv } : {}),
      ...(secretArgs.length > 0 ? { secretArgs } : {}),
      cwd: folder,
    },
    argSecrets,
  };
}
