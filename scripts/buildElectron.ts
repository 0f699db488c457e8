/**
 * `npm run build:electron`: bundles electron/main.ts and electron/preload.ts with esbuild into dist/electron/*.cjs,
 * and copies the window icon next to them (the packaged app contains dist/ only).
 */
import { build, type Metafile } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

/** One bundle's output file and the module specifiers it still imports at run time. */
export interface BundleReport {
  outfile: string;
  externalImports: string[];
  warnings: string[];
}

const root = join(import.meta.dirname, '..');

/** Runtime dependencies from package.json: kept out of the main bundle, shipped in node_modules by electron-builder. */
export function runtimeDependencies(projectRoot = root): string[] {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return Object.keys(pkg.dependencies ?? {});
}

/** True for `fs`, `node:fs`, `fs/promises`... */
export function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier);
}

function externalImports(metafile: Metafile): string[] {
  const found = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const imported of input.imports) if (imported.external) found.add(imported.path);
  }
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) if (imported.external) found.add(imported.path);
  }
  return [...found].sort();
}

/** Builds both bundles into `outDir` (default dist/electron); returns what each imports at run time. */
export async function buildElectronBundles(options: { outDir?: string; projectRoot?: string } = {}): Promise<{ main: BundleReport; preload: BundleReport }> {
  const projectRoot = options.projectRoot ?? root;
  const outDir = options.outDir ?? join(projectRoot, 'dist', 'electron');
  mkdirSync(outDir, { recursive: true });

  const mainOut = join(outDir, 'main.cjs');
  const main = await build({
    entryPoints: [join(projectRoot, 'electron', 'main.ts')],
    outfile: mainOut,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    // Electron 45 runs Node 22 or later in its main process.
    target: 'node22',
    external: ['electron', ...runtimeDependencies(projectRoot)],
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
  });

  const preloadOut = join(outDir, 'preload.cjs');
  // A sandboxed preload can require only 'electron' (and a few polyfilled modules): bundle for the browser, no Node.
  const preload = await build({
    entryPoints: [join(projectRoot, 'electron', 'preload.ts')],
    outfile: preloadOut,
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'chrome130',
    external: ['electron'],
    sourcemap: 'inline',
    metafile: true,
    logLevel: 'silent',
  });

  copyFileSync(join(projectRoot, 'resources', 'icons', '512x512.png'), join(outDir, 'icon.png'));
  const format = (messages: { text: string }[]) => messages.map((message) => message.text);
  return {
    main: { outfile: mainOut, externalImports: externalImports(main.metafile), warnings: format(main.warnings) },
    preload: { outfile: preloadOut, externalImports: externalImports(preload.metafile), warnings: format(preload.warnings) },
  };
}

if (import.meta.main) {
  buildElectronBundles().then(
    (report) => {
      for (const [name, bundle] of Object.entries(report)) {
        for (const warning of bundle.warnings) console.warn(`${name}: warning: ${warning}`);
        console.log(`built ${bundle.outfile} (imports at run time: ${bundle.externalImports.join(', ') || 'nothing'})`);
      }
    },
    (cause: unknown) => {
      console.error(`build:electron failed: ${cause instanceof Error ? cause.message : String(cause)}`);
      process.exit(1);
    },
  );
}
