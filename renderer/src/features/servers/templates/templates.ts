/** One-click server templates: the official filesystem and memory servers, launched with npx. */
import type { StdioServerConfig } from '../../../../../shared/serverConfig.ts';

/** A template: its default name, the command it runs, and whether it needs a folder. */
export interface ServerTemplate {
  id: 'filesystem' | 'memory';
  name: string;
  needsFolder: boolean;
  /** The config for a folder (ignored when needsFolder is false). */
  config(folder: string): StdioServerConfig;
}

/** The templates offered when no server is configured. */
export const serverTemplates: ServerTemplate[] = [
  {
    id: 'filesystem',
    name: 'filesystem',
    needsFolder: true,
    config: (folder) => ({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', folder] }),
  },
  {
    id: 'memory',
    name: 'memory',
    needsFolder: false,
    config: () => ({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] }),
  },
];

/** The exact command line a template runs, as a person would type it (folder shown as a placeholder until chosen). */
export function templateCommand(template: ServerTemplate, folder: string, placeholder: string): string {
  const config = template.config(folder.trim() || placeholder);
  return [config.command, ...(config.args ?? [])].map((w) => (/\s/.test(w) ? `"${w}"` : w)).join(' ');
}

/** A name not yet taken: `base`, then `base-2`, `base-3`... */
export function freeName(base: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((n) => n.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) if (!lower.has(`${base}-${i}`.toLowerCase())) return `${base}-${i}`;
}
