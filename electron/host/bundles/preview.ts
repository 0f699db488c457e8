/** What the install dialog shows of a validated bundle. */
import type { BundlePreview, BundleSignature, BundleUserConfigField } from '../../../shared/bundles.ts';
import type { OpenedBundle } from './readBundle.ts';

/** The preview of an opened bundle. */
export function previewOf(opened: OpenedBundle, signature: BundleSignature, userConfig: BundleUserConfigField[], installedVersion: string | undefined): BundlePreview {
  const { manifest, entries } = opened;
  const compatibility = manifest.compatibility;
  const runtimes = Object.fromEntries(Object.entries(compatibility?.runtimes ?? {}).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
  const app = compatibility && 'claude_desktop' in compatibility && typeof compatibility.claude_desktop === 'string' ? compatibility.claude_desktop : undefined;
  return {
    name: manifest.name,
    displayName: manifest.display_name ?? manifest.name,
    version: manifest.version,
    description: manifest.description,
    author: manifest.author.name,
    manifestVersion: manifest.manifest_version ?? manifest.dxt_version ?? 'unknown',
    serverType: manifest.server.type as BundlePreview['serverType'],
    tools: (manifest.tools ?? []).map((tool) => ({ name: tool.name, ...(tool.description ? { description: tool.description } : {}) })),
    prompts: (manifest.prompts ?? []).map((prompt) => ({ name: prompt.name, ...(prompt.description ? { description: prompt.description } : {}) })),
    compatibility: {
      ...(compatibility?.platforms ? { platforms: [...compatibility.platforms] } : {}),
      ...(Object.keys(runtimes).length > 0 ? { runtimes } : {}),
      ...(app ? { app } : {}),
    },
    signature,
    userConfig,
    ...(installedVersion !== undefined ? { installedVersion } : {}),
    files: entries.filter((entry) => !entry.directory).length,
    unpackedBytes: entries.reduce((sum, entry) => sum + entry.size, 0),
  };
}
