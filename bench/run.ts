/**
 * `npm run bench -- <name> [<name>...]`: runs bench/<name>.bench.ts (all when no name is given).
 * Each bench writes bench/results/<name>.json and prints one summary line.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const available = readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace(/\.bench\.ts$/, '')).sort();
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const name of requested.length > 0 ? requested : available) {
  const result = spawnSync(process.execPath, [join(dir, `${name}.bench.ts`)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
