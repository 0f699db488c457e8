/**
 * `npm run bench -- call`: 2,000 sequential calls of server-everything's `echo` through the registry
 * (ToolCaller.callTool of the MCP module, the path the chat engine uses) against 2,000 through a raw SDK Client on
 * its own server-everything stdio process. Calls run in rotating blocks so machine drift hits every side; the
 * result compares the p50 latencies (target ratio <= 1.05). A third side, the raw client with the per-call options the
 * host passes, is reported in details to show how much of the gap is the options and how much the host's own layers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { percentile, report } from './lib.ts';
import { benchEnvironment, connectRaw, everythingConfig } from './mcpFixtures.ts';
import { HostEventHub } from '../electron/host/events.ts';
import { createMcpModule } from '../electron/host/mcp/mcpModule.ts';

const calls = Number(process.env.BENCH_CALLS ?? 2000);
const blockSize = 100;
const warmup = 200;
const args = { message: 'hello' };

const { env, dispose } = benchEnvironment();
// The host reads its servers from the data folder, in the same mcpServers shape a user writes.
writeFileSync(join(env.dataDir, 'servers.json'), `${JSON.stringify({ mcpServers: { everything: everythingConfig() } }, null, 2)}\n`);
const mcp = await createMcpModule({ env, events: new HostEventHub() });
const raw = await connectRaw([everythingConfig()], 'connect+list');

try {
  await mcp.start();
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

  // The same per-call options the host's connection layer passes (its own abort signal, the SDK timer parked, a
  // progress token so progress can reset the host's timer): isolates what the host layers add from what those options cost.
  const viaSdkWithHostOptions = async (): Promise<number> => {
    const start = performance.now();
    const result = await client.callTool(
      { name: 'echo', arguments: args },
      { signal: new AbortController().signal, timeout: 2_147_483_647, resetTimeoutOnProgress: true, onprogress: () => {} },
    );
    const elapsed = performance.now() - start;
    if (result.isError) throw new Error(`raw call failed: ${JSON.stringify(result)}`);
    return elapsed;
  };

  const sides = [
    { call: viaRegistry, samples: [] as number[] },
    { call: viaSdk, samples: [] as number[] },
    { call: viaSdkWithHostOptions, samples: [] as number[] },
  ];
  const block = async (side: (typeof sides)[number], count: number, record = true) => {
    for (let i = 0; i < count; i++) {
      const elapsed = await side.call();
      if (record) side.samples.push(elapsed * 1000);
    }
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
  report({
    name: 'call',
    metric: `p50 microseconds per echo call, registry vs raw SDK (${calls} sequential calls each)`,
    value: percentile(host, 50),
    baseline: percentile(baseline, 50),
    target: 1.05,
    direction: 'ratio_at_most',
    details: {
      calls,
      blockSize,
      warmup,
      unit: 'microseconds',
      registry: stats(host),
      rawSdk: stats(baseline),
      rawSdkWithHostCallOptions: stats(baselineWithOptions),
      ratioVsRawWithHostCallOptions: percentile(host, 50) / percentile(baselineWithOptions, 50),
    },
  });
} finally {
  await mcp.shutdown();
  await raw.close();
  dispose();
}
