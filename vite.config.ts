// Vite builds the renderer from renderer/ into dist/renderer; relative asset URLs so the same build loads from file:// (Electron) and web mode.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const keptParse = fileURLToPath(new URL('renderer/src/features/markdown/keptParse.ts', import.meta.url));

/**
 * mdast-util-from-markdown's import of micromark resolves to keptParse.ts, which keeps micromark's parse context per
 * list of syntax extensions instead of merging them on every parse (about a quarter of each streamed chunk's
 * formatting). Only that importer: keptParse.ts itself, and everything else, get micromark as published.
 */
function keptMicromarkParse(): Plugin {
  return {
    name: 'switchboard:kept-micromark-parse',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'micromark' && importer && /[\\/]mdast-util-from-markdown[\\/]/.test(importer)) return keptParse;
      return null;
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [keptMicromarkParse(), react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: { host: '127.0.0.1' },
});
