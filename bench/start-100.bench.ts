/**
 * `npm run bench -- start-100`: 100 server-memory stdio servers started through the host's connection manager (with its
 * start queue) against 100 bare SDK clients (`new Client(info)` with default options, connect + list) started all at
 * once in the same run. Reports how many became ready and the time until the last one did.
 *
 * Writes `start-100` (host first start on a fresh data folder, so every server is probed for its era, on its own process,
 * vs bare; target <= 1.3 and 100/100 ready) and `start-100-cached` (host second start, era verdicts cached so no probe,
 * vs bare).
 * The acceptance asks for 100/100 ready in 5 of 5 runs, so 5 rounds run by default, each printing its counts, and the
 * end prints in how many rounds every server became ready. BENCH_SERVERS changes the count; BENCH_ROUNDS the rounds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { median, report } from './lib.ts';
import { benchEnvironment, since } from './mcpFixtures.ts';
import { createServerManager } from '../electron/host/mcp/manager.ts';
import { createElicitationBroker } from '../electron/host/elicitation/broker.ts';
import { HostEventHub } from '../electron/host/events.ts';
import type { HostEnvironment } from '../electron/host/environment.ts';
import type { StdioServerConfig } from '../shared/serverConfig.ts';

const serverCount = Number(process.env.BENCH_SERVERS ?? 100);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const memoryEntry = join(import.meta.dirname, '..', 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const memoryDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-memory-'));
const configs: StdioServerConfig[] = Array.from({ length: serverCount }, (_, i) => ({
  command: process.execPath,
  args: [memoryEntry],
  env: { MEMORY_FILE_PATH: join(memoryDir, `memory-${i}.jsonl`) },
}));

interface StartSample {
  ms: number;
  ready: number;
}

/** One host start: all servers configured at once, until every one has settled (the retry of a failed start included). */
async function hostStart(env: HostEnvironment): Promise<StartSample> {
  const start = performance.now();
  const manager = createServerManager({
    env,
    broker: createElicitationBroker(new HostEventHub()),
    listener: { onStatus: () => {}, onCatalog: () => {}, onLog: () => {} },
  });
  manager.setServers(configs.map((config, i) => ({ id: `memory-${i}`, config })));
  await manager.whenSettled();
  const ms = since(start);
  const ready = configs.filter((_, i) => manager.status(`memory-${i}`)?.state === 'ready').length;
  await manager.shutdown();
  return { ms, ready };
}

/** Bare SDK clients, default options, all at once: connect and list what the server offers (what "ready" means to the host). */
async function bareStart(): Promise<StartSample> {
  const start = performance.now();
  const clients: Client[] = [];
  const outcomes = await Promise.allSettled(
    configs.map(async (config) => {
      const client = new Client({ name: 'bench-bare', version: '0.0.0' });
      clients.push(client);
      const transport = new StdioClientTransport({ command: config.command, args: config.args ?? [], env: { ...process.env, ...config.env } as Record<string, string>, stderr: 'pipe' });
      transport.stderr?.on('data', () => {});
      await client.connect(transport);
      const capabilities = client.getServerCapabilities() ?? {};
      await Promise.all([capabilities.tools ? client.listTools() : undefined, capabilities.prompts ? client.listPrompts() : undefined, capabilities.resources ? client.listResources() : undefined]);
    }),
  );
  const ms = since(start);
  await Promise.allSettled(clients.map((client) => client.close()));
  return { ms, ready: outcomes.filter((outcome) => outcome.status === 'fulfilled').length };
}

const samples = { first: [] as StartSample[], cached: [] as StartSample[], bare: [] as StartSample[] };
try {
  for (let round = 0; round < rounds; round++) {
    const host = async () => {
      const { env, dispose } = benchEnvironment();
      try {
        samples.first.push(await hostStart(env));
        samples.cached.push(await hostStart(env));
      } finally {
        dispose();
      }
    };
    const bare = async () => {
      samples.bare.push(await bareStart());
    };
    // Alternate which side goes first so drift on a shared machine hits both equally.
    if (round % 2 === 0) {
      await bare();
      await host();
    } else {
      await host();
      await bare();
    }
    const line = (sample: StartSample | undefined) => (sample ? `${sample.ready}/${serverCount} ready in ${(sample.ms / 1000).toFixed(1)} s` : 'none');
    console.log(`start-100 round ${round + 1}/${rounds}: host first ${line(samples.first.at(-1))}, host cached ${line(samples.cached.at(-1))}, bare SDK ${line(samples.bare.at(-1))}`);
  }
} finally {
  rmSync(memoryDir, { recursive: true, force: true });
}

const ms = (list: StartSample[]) => median(list.map((sample) => sample.ms));
const allReady = (list: StartSample[]) => list.every((sample) => sample.ready === serverCount);
const fullRounds = (list: StartSample[]) => list.filter((sample) => sample.ready === serverCount).length;
console.log(
  `start-100: all ${serverCount} ready in ${fullRounds(samples.first)} of ${rounds} rounds (host first start), ${fullRounds(samples.cached)} of ${rounds} (host cached), ${fullRounds(samples.bare)} of ${rounds} (bare SDK); ready per round host ${samples.first.map((s) => s.ready).join('/')}, cached ${samples.cached.map((s) => s.ready).join('/')}, bare ${samples.bare.map((s) => s.ready).join('/')}`,
);
const details = {
  servers: serverCount,
  rounds,
  cores: (await import('node:os')).availableParallelism(),
  loadAverage: (await import('node:os')).loadavg(),
  hostAllReadyEveryRound: allReady(samples.first) && allReady(samples.cached),
  hostFirstAllReadyRounds: fullRounds(samples.first),
  hostCachedAllReadyRounds: fullRounds(samples.cached),
  bareAllReadyRounds: fullRounds(samples.bare),
  bareAllReadyEveryRound: allReady(samples.bare),
  samples,
};
const first = report({
  name: 'start-100',
  metric: `ms to all ${serverCount} ready, host first start (era probed) vs bare SDK clients (median of ${rounds}); ready ${samples.first.map((s) => s.ready).join('/')} vs ${samples.bare.map((s) => s.ready).join('/')}`,
  value: ms(samples.first),
  baseline: ms(samples.bare),
  target: 1.3,
  direction: 'ratio_at_most',
  details,
});
report({
  name: 'start-100-cached',
  metric: `ms to all ${serverCount} ready, host start with cached era verdicts vs bare SDK clients (median of ${rounds})`,
  value: ms(samples.cached),
  baseline: ms(samples.bare),
  target: 1.3,
  direction: 'ratio_at_most',
  details,
});
if (!details.hostAllReadyEveryRound) console.log(`NOT MET: the host did not get all ${serverCount} servers ready in every round`);
process.exitCode = first.met && details.hostAllReadyEveryRound ? 0 : 1;
