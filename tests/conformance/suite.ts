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

/**
 * The client scenarios issue 2 requires, each at the version the package picks for it (2025-11-25 unless the
 * scenario only exists in 2026-07-28). The two scenarios that span both eras also run at 2026-07-28, because the
 * host negotiates the era itself and must pass on both wires.
 */
export const clientLegs: Leg[] = [
  leg('initialize'),
  leg('tools_call'),
  leg('tools_call', modernRevision),
  leg('elicitation-sep1034-client-defaults'),
  leg('sse-retry'),
  leg('request-metadata'),
  leg('sep-2322-client-request-state'),
  leg('http-standard-headers'),
  leg('http-custom-headers'),
  leg('http-invalid-tool-headers'),
  leg('json-schema-ref-no-deref'),
  leg('json-schema-2020-12-preservation'),
  leg('json-schema-2020-12-preservation', modernRevision),
];

/**
 * The OAuth client scenarios (run with --auth), read from the package's own list so a pinned upgrade brings new
 * ones in. Extension scenarios (DPoP, client credentials, enterprise auth) are optional by the spec and left out.
 */
export function authLegs(cliPath: string): Leg[] {
  const listing = spawnSync(process.execPath, [cliPath, 'list', '--client'], { encoding: 'utf8' });
  if (listing.status !== 0) throw new Error(`conformance list failed: ${listing.stderr}`);
  const legs: Leg[] = [];
  for (const line of listing.stdout.split('\n')) {
    const match = /^\s+- (auth\/\S+) \[([^\]]*)\]/.exec(line);
    if (match?.[1] && match[2] !== 'extension') legs.push(leg(match[1]));
  }
  return legs;
}

/** Turns a leg name into a folder name (auth scenarios contain a slash). */
export function legFolder(leg: Leg): string {
  return leg.name.replace(/[^A-Za-z0-9._@-]+/g, '_');
}
