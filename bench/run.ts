/**
 * `npm run bench -- <name> [<name>...]`: runs bench/<name>.bench.ts (all when no name is given).
 * Each bench writes bench/results/<name>.json and prints one summary line.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
/** Benches that open the renderer in Chromium. */
const RENDERER_BENCHES = new Set(['ui', 'servers-ui', 'branches']);
const available = readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace(/\.bench\.ts$/, '')).sort();
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
const chosen = requested.length > 0 ? requested : available;
// Benches that drive the renderer in Chromium measure what web mode serves from dist/renderer: build it first, as
// `npm run test:e2e` does, so a missing build is not a silent 30 s timeout and a stale one does not measure old code.
// BENCH_RENDERER_DIR (a build of another revision, for a side-by-side) skips this.
if (!process.env.BENCH_RENDERER_DIR && chosen.some((name) => RENDERER_BENCHES.has(name))) {
  const root = join(dir, '..');
  const built = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('The renderer build failed (above); no bench ran.');
    process.exit(built.status ?? 1);
  }
}
let failed = false;
for (const name of chosen) {
  const result = spawnSync(process.execPath, [join(dir, `${name}.bench.ts`)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
