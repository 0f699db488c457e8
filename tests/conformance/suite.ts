/** Which conformance scenarios `npm run conformance` runs, and at which spec versions. */
import { spawnSync } from 'node:child_process';

/** One run of one scenario at one spec version (the package's default for it when absent). */
export interface Leg {
  /** Unique name: the scenario, plus `@<version>` when the version is forced. */
  name: string;
  scenario: string;
  specVersion?: string;
}

/** The modern protocol revision, spoken statelessly (server/discover, per-request _meta). */
export const modernRevision = '2026-07-28';

function leg(scenario: string, specVersion?: string): Leg {
  return specVersion ? { name: `${scenario}@${specVersion}`, scenario, specVersion } : { name: scenario, scenario };
}

/** One scenario of the package's client list, with the spec versions it lists (or `extension`). */
export interface ListedScenario {
  scenario: string;
  versions: string[];
  extension: boolean;
}

/** Parses `conformance list --client`: lines like `  - tools_call [2025-06-18,2025-11-25,2026-07-28]`. */
export function parseScenarioList(stdout: string): ListedScenario[] {
  const listed: ListedScenario[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^\s+- (\S+) \[([^\]]*)\]/.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    const tags = match[2].split(',').map((tag) => tag.trim()).filter(Boolean);
    listed.push({ scenario: match[1], versions: tags.filter((tag) => /^\d{4}-\d{2}-\d{2}$/.test(tag)), extension: tags.includes('extension') });
  }
  return listed;
}

/**
 * Every core (non-extension) scenario of one kind at every spec version the package lists for it, read from the
 * package's own list so a pinned upgrade brings new scenarios and versions in. Extension scenarios (DPoP, client
 * credentials, enterprise auth, skills) are optional by the spec and left out.
 */
export function legsFor(listed: ListedScenario[], kind: 'client' | 'auth'): Leg[] {
  const legs: Leg[] = [];
  for (const entry of listed) {
    if (entry.extension || entry.scenario.startsWith('auth/') !== (kind === 'auth')) continue;
    for (const version of entry.versions) legs.push(leg(entry.scenario, version));
  }
  return legs;
}

function listScenarios(cliPath: string): ListedScenario[] {
  const listing = spawnSync(process.execPath, [cliPath, 'list', '--client'], { encoding: 'utf8' });
  if (listing.status !== 0) throw new Error(`conformance list failed: ${listing.stderr}`);
  return parseScenarioList(listing.stdout);
}

/** The core client scenarios (`npm run conformance`), each at every version it lists. */
export function clientLegs(cliPath: string): Leg[] {
  return legsFor(listScenarios(cliPath), 'client');
}

/** The OAuth client scenarios (`npm run conformance -- --auth`), each at every version it lists. */
export function authLegs(cliPath: string): Leg[] {
  return legsFor(listScenarios(cliPath), 'auth');
}

/** Turns a leg name into a folder name (auth scenarios contain a slash). */
export function legFolder(leg: Leg): string {
  return leg.name.replace(/[^A-Za-z0-9._@-]+/g, '_');
}
