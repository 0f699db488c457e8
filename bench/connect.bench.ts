/**
 * `npm run bench -- connect`: ten server-everything stdio servers to all-ready through the host's connection manager,
 * against a bare script connecting the same ten in parallel with the raw SDK Client (versionNegotiation 'auto', and
 * listing tools/prompts/resources as the host must to report "ready" with counts), alternating, median of the rounds.
 *
 * A third side, alternated in the same rounds, is the SDK's default legacy client: a bare `new Client(info)` with
 * default options (no version negotiation), the same ten servers, connect + list.
 *
 * Writes three results: `connect` (host first start / raw baseline, target <= 1.15), `connect-legacy` (host first
 * start / default legacy client, same target) and `connect-cached` (host second start on the same data folder, era
 * verdicts cached so no probe process is spawned, against the host's first start, target <= 0.7).
 */
import { median, report } from './lib.ts';
import { benchEnvironment, connectRaw, everythingConfig, since, type BaselineClient } from './mcpFixtures.ts';
import { createServerManager } from '../electron/host/mcp/manager.ts';
import type { HostEnvironment } from '../electron/host/environment.ts';
import { createElicitationBroker } from '../electron/host/elicitation/broker.ts';
import { HostEventHub } from '../electron/host/events.ts';

const serverCount = 10;
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const configs = Array.from({ length: serverCount }, () => everythingConfig());

/** One host start on `env`: manager created, ten servers configured, until every one has settled; throws unless all are ready. */
async function hostStart(env: HostEnvironment): Promise<number> {
  const events = new HostEventHub();
  const start = performance.now();
  const manager = createServerManager({
    env,
    broker: createElicitationBroker(events),
    listener: { onStatus: () => {}, onCatalog: () => {}, onLog: () => {} },
  });
  manager.setServers(configs.map((config, i) => ({ id: `everything-${i}`, config })));
  await manager.whenSettled();
  const elapsed = since(start);
  const notReady = configs.map((_, i) => manager.status(`everything-${i}`)).filter((status) => status?.state !== 'ready');
  await manager.shutdown();
  if (notReady.length > 0) throw new Error(`host start: ${notReady.length} server(s) not ready: ${JSON.stringify(notReady[0])}`);
  return elapsed;
}

/** The host's first start on a fresh data folder, then its second start on the same folder (era verdicts now cached). */
async function hostFirstAndSecond(): Promise<{ first: number; second: number }> {
  const { env, dispose } = benchEnvironment();
  try {
    const first = await hostStart(env);
    const second = await hostStart(env);
    return { first, second };
  } finally {
    dispose();
  }
}

async function rawStart(kind: BaselineClient = 'host-like'): Promise<number> {
  const start = performance.now();
  const { close } = await connectRaw(configs, 'connect+list', kind);
  const elapsed = since(start);
  await close();
  return elapsed;
}

const samples = { first: [] as number[], second: [] as number[], raw: [] as number[], legacy: [] as number[] };
// Warm-up round (not counted): loads the modules and fills the OS file cache for every side.
await hostFirstAndSecond();
await rawStart();
await rawStart('sdk-default');
const sides = [
  async () => {
    const { first, second } = await hostFirstAndSecond();
    samples.first.push(first);
    samples.second.push(second);
  },
  async () => {
    samples.raw.push(await rawStart());
  },
  async () => {
    samples.legacy.push(await rawStart('sdk-default'));
  },
];
for (let round = 0; round < rounds; round++) {
  // Rotate which side goes first so drift on a shared machine hits every side equally.
  for (let k = 0; k < sides.length; k++) await sides[(round + k) % sides.length]?.();
}

const first = median(samples.first);
const second = median(samples.second);
const raw = median(samples.raw);
const legacy = median(samples.legacy);
const details = { servers: serverCount, rounds, samplesMs: samples };
report({
  name: 'connect',
  metric: `ms to all ${serverCount} ready, host first start vs raw SDK (median of ${rounds})`,
  value: first,
  baseline: raw,
  target: 1.15,
  direction: 'ratio_at_most',
  details,
});
report({
  name: 'connect-legacy',
  metric: `ms to all ${serverCount} ready, host first start vs the SDK's default legacy client (median of ${rounds})`,
  value: first,
  baseline: legacy,
  target: 1.15,
  direction: 'ratio_at_most',
  details,
});
report({
  name: 'connect-cached',
  metric: `ms to all ${serverCount} ready, host second start (era cached) vs host first start (median of ${rounds})`,
  value: second,
  baseline: first,
  target: 0.7,
  direction: 'ratio_at_most',
  details,
});
