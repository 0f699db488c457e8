// Vite builds the renderer from renderer/ into dist/renderer; relative asset URLs so the same build loads from file:// (Electron) and web mode.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: { host: '127.0.0.1' },
});
