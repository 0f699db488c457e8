/**
 * `npm run bench -- call`: 2,000 sequential calls of server-everything's `echo` through the registry
 * (ToolCaller.callTool of the MCP module, the path the chat engine uses) while the registry holds 50 servers' tools
 * (server-everything plus 49 stdio servers of 20 tools each), against 2,000 through a raw SDK Client on
 * server-everything stdio processes. Writes two results from the same samples: `call` (p50 ratio, target <= 1.10) and
 * `call-mean` (mean ratio, target <= 1.20): a p50 alone hides slow calls (GC, timers, queueing) that a mean shows.
 *
 * Identical server processes answer at different speeds (162-216 us in one run, docs/benchmarks.md "`call`, third
 * look"), so one process per side for a whole run made ±10-15 % of the ratio a matter of which process was luckier.
 * The run is therefore split into rounds, and every round starts fresh processes on every side (the host's own
 * server-everything is restarted through the host); samples of all rounds are pooled. A fourth side, a second raw
 * client on its own process, is the A/A check: raw against raw under the same design, reported in details as the
 * residual noise a reader should allow for. A third side, the raw client with the per-call options the host passes,
 * shows how much of the gap is the options and how much the host's own layers. BENCH_ROUNDS=1 BENCH_BLOCK=100 is the old design (one process per side for the whole run, blocks of 100).
 * BENCH_ROUNDS=8 BENCH_CALLS=2000 BENCH_ORDER=rotate is the fourth and fifth looks' design.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { percentile, report } from './lib.ts';
import { cycleOrder, type SideOrder } from './callOrder.ts';
import { benchEnvironment, connectRaw, everythingConfig } from './mcpFixtures.ts';
import type { StdioServerConfig } from '../shared/serverConfig.ts';
import { HostEventHub } from '../electron/host/events.ts';
import { createMcpModule } from '../electron/host/mcp/mcpModule.ts';

/**
 * Calls per side, pooled over the rounds. Each round's processes are a draw of process luck (A/A per round: sd 6-11 %
 * quiet to loaded, docs/benchmarks.md "`call`, sixth look"), so the pooled A/A strays by about that over the square root
 * of the rounds (8 rounds: 0.93-1.09 in three quiet runs). More calls per round would not help much (two clients of
 * the same process agree within ~5 % per round); more processes do, and cost a spawn each (~1 s).
 */
const calls = Number(process.env.BENCH_CALLS ?? 4000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 16);
/** `shuffle`: a fresh order of the sides every cycle; `rotate` (the fourth look's) made each side always follow the same one. */
const order: SideOrder = process.env.BENCH_ORDER === 'rotate' ? 'rotate' : 'shuffle';
/**
 * Calls per side before the next side takes over. Short blocks: at load 10 a burst of other work lasting a few
 * milliseconds hit one side's block of 100 calls and not the others (per-round A/A ratios 0.46-1.58 with blocks of 100).
 */
const blockSize = Number(process.env.BENCH_BLOCK ?? 10);
/**
 * Calls per side at the start of each round, not counted: a fresh server-everything answers its first ~300 calls 2-5x
 * slower (its JIT), so every process gets the same warm-up (a side warmed less reads slower: an A/A of 1.5 in a trial).
 */
const roundWarmup = Number(process.env.BENCH_ROUND_WARMUP ?? 500);
/**
 * A pause after each round's spawns and warm-up, then 50 more warm-up calls per side. Where the kernel places a fresh
 * process against the bench's thread (same core or not) sets its round's speed (one process's p50 moved 74-244 us from
 * one block of 1,000 calls to the next), and without a pause the process spawned last kept its first placement through
 * the round: the host's server, restarted after the raw ones every other round, read 1.23-1.24 against the raw side in
 * those rounds and 0.92-1.06 in the others, in two quiet runs (A/A showed no such split). After an idle pause every
 * process is placed afresh (docs/benchmarks.md, "`call`, sixth look", 13:00 UTC). BENCH_SETTLE_MS=0 is the old design.
 */
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 1500);
const args = { message: 'hello' };
const loadedServers = Number(process.env.BENCH_SERVERS ?? 50);
const toolsPerLoadedServer = 20;

const { env, dispose } = benchEnvironment();
// The host reads its servers from the data folder, in the same mcpServers shape a user writes.
// The other servers are light stdio processes (bench/manyToolsServer.ts) whose tools fill the registry while echo is called.
const mcpServers: Record<string, StdioServerConfig> = { everything: everythingConfig() };
for (let i = 1; i < loadedServers; i++) {
  mcpServers[`load-${i}`] = { command: process.execPath, args: [join(import.meta.dirname, 'manyToolsServer.ts'), String(toolsPerLoadedServer)] };
}
writeFileSync(join(env.dataDir, 'servers.json'), `${JSON.stringify({ mcpServers }, null, 2)}\n`);
const mcp = await createMcpModule({ env, events: new HostEventHub() });

/**
 * The raw clients of one round, each on its own process so every side gets the same share of one: `a` (the baseline),
 * `withOptions` (called with the host's per-call options) and `b` (the A/A partner of `a`).
 */
interface RawClients {
  a: Client;
  withOptions: Client;
  b: Client;
  close: () => Promise<void>;
}
const connectRawClients = async (): Promise<RawClients> => {
  const raw = await connectRaw([everythingConfig(), everythingConfig(), everythingConfig()], 'connect+list');
  // Which process serves which side is drawn each round (with `shuffle`): spawned together in a fixed order, the same
  // side always got the first or last process, and where the kernel places a process lasted a whole run (sixth look).
  const [a, withOptions, b] = order === 'shuffle' ? cycleOrder(order, 0, raw.clients.length).map((index) => raw.clients[index]) : raw.clients;
  if (!a || !withOptions || !b) throw new Error('the raw clients did not connect');
  return { a, withOptions, b, close: raw.close };
};
let pair: RawClients | undefined;

try {
  await mcp.start();
  const loaded = new Set(mcp.tools.listTools().map((tool) => tool.serverId));
  if (loaded.size !== loadedServers) throw new Error(`only ${loaded.size} of ${loadedServers} servers have tools in the registry`);
  const registryTools = mcp.tools.listTools().length;
  const echo = mcp.tools.listTools().find((tool) => tool.serverId === 'everything' && tool.toolName === 'echo');
  if (!echo) throw new Error(`echo is not in the registry: ${JSON.stringify(mcp.tools.listTools().map((tool) => tool.exposedName))}`);
  const echoName = echo.exposedName;
  pair = await connectRawClients();
  let current: RawClients = pair;

  const viaRegistry = async (): Promise<number> => {
    const start = performance.now();
    const result = await mcp.tools.callTool(echoName, args);
    const elapsed = performance.now() - start;
    if (!result.ok || result.value.isError) throw new Error(`registry call failed: ${JSON.stringify(result)}`);
    return elapsed;
  };
  const viaSdk = (client: () => Client) => async (): Promise<number> => {
    const start = performance.now();
    const result = await client().callTool({ name: 'echo', arguments: args });
    const elapsed = performance.now() - start;
    if (result.isError) throw new Error(`raw call failed: ${JSON.stringify(result)}`);
    return elapsed;
  };
  // The same per-call options the host's call layer passes (its own abort signal, the SDK timer parked, a progress
  // token so progress can reset the host's timer; see toolCall.ts): isolates what the host layers add from what those options cost.
  const viaSdkWithHostOptions = async (): Promise<number> => {
    const start = performance.now();
    const result = await current.withOptions.callTool({ name: 'echo', arguments: args }, { signal: new AbortController().signal, timeout: 2_147_483_647, onprogress: () => {} });
    const elapsed = performance.now() - start;
    if (result.isError) throw new Error(`raw call failed: ${JSON.stringify(result)}`);
    return elapsed;
  };

  // cpuMicros: this process's CPU time (user + system) spent in each side's blocks. Wall time on a machine shared with
  // other work also holds the waits for a core; CPU per call is the cost the host's own layers add, whatever the load.
  const sides = [
    { call: viaRegistry, samples: [] as number[], cpuMicros: 0, round: [] as number[] },
    { call: viaSdk(() => current.a), samples: [] as number[], cpuMicros: 0, round: [] as number[] },
    { call: viaSdkWithHostOptions, samples: [] as number[], cpuMicros: 0, round: [] as number[] },
    { call: viaSdk(() => current.b), samples: [] as number[], cpuMicros: 0, round: [] as number[] },
  ];
  const block = async (side: (typeof sides)[number], count: number, record = true) => {
    const cpu = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      const elapsed = await side.call();
      if (record) side.round.push(elapsed * 1000);
    }
    const used = process.cpuUsage(cpu);
    if (record) side.cpuMicros += used.user + used.system;
  };

  /** The host's server-everything on a fresh process: restarted the way the Servers view does, then called until it answers. */
  const restartHostServer = async () => {
    const restarted = await mcp.api['servers.restart']({ id: 'everything' });
    if (!restarted.ok) throw new Error(`restart failed: ${JSON.stringify(restarted)}`);
    for (const until = Date.now() + 120_000; Date.now() < until; ) {
      const result = await mcp.tools.callTool(echoName, args);
      if (result.ok && !result.value.isError) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the restarted server-everything did not answer within 120 s');
  };

  // Ratios of each round on its own (what one pair of processes would have said); pooled ratios are computed below.
  const perRound: { hostVsRaw: number; aa: number }[] = [];
  const callsPerRound = Math.ceil(calls / rounds);
  let cycle = 0;
  for (let r = 0, done = 0; r < rounds && done < calls; r++) {
    if (r > 0) {
      // With `shuffle`, every other round spawns the raw sides' processes before the host's, for the same reason.
      const hostFirst = order === 'rotate' || r % 2 === 0;
      if (hostFirst) await restartHostServer();
      await current.close();
      current = pair = await connectRawClients();
      if (!hostFirst) await restartHostServer();
    }
    for (const side of sides) await block(side, roundWarmup, false);
    if (settleMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      for (const side of sides) await block(side, 50, false);
    }
    const inRound = Math.min(callsPerRound, calls - done);
    for (let n = 0; n < inRound; n += blockSize, cycle++) {
      // A new order every cycle, so drift on a shared machine hits every side equally and no side always runs right
      // after the same one (a block right after another on the same server process ran ~15 % faster, callNoise.ts).
      for (const index of cycleOrder(order, cycle, sides.length)) {
        const side = sides[index];
        if (side) await block(side, Math.min(blockSize, inRound - n));
      }
    }
    done += inRound;
    const [h, a, , b] = sides.map((side) => side.round) as [number[], number[], number[], number[]];
    perRound.push({ hostVsRaw: percentile(h, 50) / percentile(a, 50), aa: percentile(b, 50) / percentile(a, 50) });
    for (const side of sides) side.samples.push(...side.round.splice(0));
  }

  const [host, baseline, baselineWithOptions, baselineB] = sides.map((side) => side.samples) as [number[], number[], number[], number[]];
  const stats = (values: number[]) => ({
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    mean: values.reduce((sum, value) => sum + value, 0) / values.length,
  });
  const cpuPerCall = (index: number) => (sides[index]?.cpuMicros ?? 0) / (sides[index]?.samples.length ?? 1);
  const hostStats = stats(host);
  const rawStats = stats(baseline);
  const rawBStats = stats(baselineB);
  const round3 = (value: number) => Math.round(value * 1000) / 1000;
  const details = {
    calls,
    rounds,
    blockSize,
    roundWarmup,
    order,
    loadedServers,
    registryTools,
    unit: 'microseconds',
    design: 'every round restarts the host\'s server-everything and connects each raw side to a fresh process of its own; a 1.5 s idle pause and 50 more warm-up calls per side before each round is measured; samples of all rounds pooled',
    settleMs,
    registry: hostStats,
    rawSdk: rawStats,
    rawSdkWithHostCallOptions: stats(baselineWithOptions),
    p50Ratio: hostStats.p50 / rawStats.p50,
    meanRatio: hostStats.mean / rawStats.mean,
    p50RatioVsRawWithHostCallOptions: hostStats.p50 / percentile(baselineWithOptions, 50),
    // A/A: a second raw client, on processes of its own, against the baseline. Near 1.00 is what the design promises;
    // how far it is from 1.00 is the noise left in the host's ratios.
    aa: { rawSdkB: rawBStats, p50Ratio: rawBStats.p50 / rawStats.p50, meanRatio: rawBStats.mean / rawStats.mean, cpuRatio: cpuPerCall(3) / cpuPerCall(1) },
    perRoundP50Ratios: { hostVsRaw: perRound.map((p) => round3(p.hostVsRaw)), aa: perRound.map((p) => round3(p.aa)) },
    cpuMicrosPerCall: { registry: cpuPerCall(0), rawSdk: cpuPerCall(1), rawSdkWithHostCallOptions: cpuPerCall(2), rawSdkB: cpuPerCall(3) },
    cpuRatio: cpuPerCall(0) / cpuPerCall(1),
    cpuRatioVsRawWithHostCallOptions: cpuPerCall(0) / cpuPerCall(2),
    loadAverage: loadavg(),
  };
  const what = `microseconds per echo call, registry holding ${loadedServers} servers' tools vs raw SDK (${calls} sequential calls each, ${rounds} rounds of fresh processes)`;
  report({ name: 'call', metric: `p50 ${what}`, value: hostStats.p50, baseline: rawStats.p50, target: 1.1, direction: 'ratio_at_most', details });
  report({ name: 'call-mean', metric: `mean ${what}`, value: hostStats.mean, baseline: rawStats.mean, target: 1.2, direction: 'ratio_at_most', details });
  console.log(`A/A (raw vs raw): p50 ${round3(details.aa.p50Ratio)}, mean ${round3(details.aa.meanRatio)}; per round p50 host/raw ${JSON.stringify(details.perRoundP50Ratios)}`);
} finally {
  await mcp.shutdown();
  await pair?.close();
  dispose();
}
