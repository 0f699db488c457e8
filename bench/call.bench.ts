/**
 * `npm run bench -- call`: 2,000 sequential calls of server-everything's `echo` through the registry
 * (ToolCaller.callTool of the MCP module, the path the chat engine uses) while the registry holds 50 servers' tools
 * (server-everything plus 49 stdio servers of 20 tools each), against 2,000 through a raw SDK Client on its own
 * server-everything stdio process. Calls run in rotating blocks so machine drift hits every side. Writes two results
 * from the same samples: `call` (p50 ratio, target <= 1.10) and `call-mean` (mean ratio, target <= 1.20): a p50
 * alone hides slow calls (GC, timers, queueing) that a mean shows. A third side, the raw client with the per-call
 * options the host passes, is reported in details to show how much of the gap is the options and how much the host's own layers.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { percentile, report } from './lib.ts';
import { benchEnvironment, connectRaw, everythingConfig } from './mcpFixtures.ts';
import type { StdioServerConfig } from '../shared/serverConfig.ts';
import { HostEventHub } from '../electron/host/events.ts';
import { createMcpModule } from '../electron/host/mcp/mcpModule.ts';

const calls = Number(process.env.BENCH_CALLS ?? 2000);
const blockSize = 100;
const warmup = 200;
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
const raw = await connectRaw([everythingConfig()], 'connect+list');

try {
  await mcp.start();
  const loaded = new Set(mcp.tools.listTools().map((tool) => tool.serverId));
  if (loaded.size !== loadedServers) throw new Error(`only ${loaded.size} of ${loadedServers} servers have tools in the registry`);
  const registryTools = mcp.tools.listTools().length;
  const echo = mcp.tools.listTools().find((tool) => tool.serverId === 'everything' && tool.toolName === 'echo');
  if (!echo) throw new Error(`echo is not in the registry: ${JSON.stringify(mcp.tools.listTools().map((tool) => tool.exposedName))}`);
  const client = raw.clients[0];
  if (!client) throw new Error('the raw client did not connect');

  const viaRegistry = async (): Promise<number> => {
    const start = performance.now();
    const result = await mcp.tools.callTool(echo.exposedName, args);
    const elapsed = performance.now() - start;
    if (!result.ok || result.value.isError) throw new Error(`registry call failed: ${JSON.stringify(result)}`);
    return elapsed;
  };
  const viaSdk = async (): Promise<number> => {
    const start = performance.now();
    const result = await client.callTool({ name: 'echo', arguments: args });
    const elapsed = performance.now() - start;
    if (result.isError) throw new Error(`raw call failed: ${JSON.stringify(result)}`);
    return elapsed;
  };

  // The same per-call options the host's call layer passes (its own abort signal, the SDK timer parked, a progress
  // token so progress can reset the host's timer; see toolCall.ts): isolates what the host layers add from what those options cost.
  const viaSdkWithHostOptions = async (): Promise<number> => {
    const start = performance.now();
    const result = await client.callTool({ name: 'echo', arguments: args }, { signal: new AbortController().signal, timeout: 2_147_483_647, onprogress: () => {} });
    const elapsed = performance.now() - start;
    if (result.isError) throw new Error(`raw call failed: ${JSON.stringify(result)}`);
    return elapsed;
  };

  // cpuMicros: this process's CPU time (user + system) spent in each side's blocks. Wall time on a machine shared with
  // other work also holds the waits for a core; CPU per call is the cost the host's own layers add, whatever the load.
  const sides = [
    { call: viaRegistry, samples: [] as number[], cpuMicros: 0 },
    { call: viaSdk, samples: [] as number[], cpuMicros: 0 },
    { call: viaSdkWithHostOptions, samples: [] as number[], cpuMicros: 0 },
  ];
  const block = async (side: (typeof sides)[number], count: number, record = true) => {
    const cpu = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      const elapsed = await side.call();
      if (record) side.samples.push(elapsed * 1000);
    }
    const used = process.cpuUsage(cpu);
    if (record) side.cpuMicros += used.user + used.system;
  };
  // Warm-up (not counted): JIT, validator compilation, first-call caches on every side.
  for (const side of sides) await block(side, warmup, false);
  for (let done = 0, index = 0; done < calls; done += blockSize, index++) {
    // Rotate which side goes first so drift on a shared machine hits every side equally.
    for (let k = 0; k < sides.length; k++) {
      const side = sides[(index + k) % sides.length];
      if (side) await block(side, Math.min(blockSize, calls - done));
    }
  }

  const [host, baseline, baselineWithOptions] = sides.map((side) => side.samples) as [number[], number[], number[]];
  const stats = (values: number[]) => ({
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    mean: values.reduce((sum, value) => sum + value, 0) / values.length,
  });
  const cpuPerCall = (index: number) => (sides[index]?.cpuMicros ?? 0) / calls;
  const hostStats = stats(host);
  const rawStats = stats(baseline);
  const details = {
    calls,
    blockSize,
    warmup,
    loadedServers,
    registryTools,
    unit: 'microseconds',
    registry: hostStats,
    rawSdk: rawStats,
    rawSdkWithHostCallOptions: stats(baselineWithOptions),
    p50Ratio: hostStats.p50 / rawStats.p50,
    meanRatio: hostStats.mean / rawStats.mean,
    p50RatioVsRawWithHostCallOptions: hostStats.p50 / percentile(baselineWithOptions, 50),
    cpuMicrosPerCall: { registry: cpuPerCall(0), rawSdk: cpuPerCall(1), rawSdkWithHostCallOptions: cpuPerCall(2) },
    cpuRatio: cpuPerCall(0) / cpuPerCall(1),
    cpuRatioVsRawWithHostCallOptions: cpuPerCall(0) / cpuPerCall(2),
    loadAverage: loadavg(),
  };
  const what = `microseconds per echo call, registry holding ${loadedServers} servers' tools vs raw SDK (${calls} sequential calls each)`;
  report({ name: 'call', metric: `p50 ${what}`, value: hostStats.p50, baseline: rawStats.p50, target: 1.1, direction: 'ratio_at_most', details });
  report({ name: 'call-mean', metric: `mean ${what}`, value: hostStats.mean, baseline: rawStats.mean, target: 1.2, direction: 'ratio_at_most', details });
} finally {
  await mcp.shutdown();
  await raw.close();
  dispose();
}
