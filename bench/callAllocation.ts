/**
 * Bytes the bench process allocates per `echo` call: host (registry → manager → connection), the raw SDK, and the raw
 * SDK with the host's per-call options. Not a timed bench (load does not change what is allocated):
 * `node --max-semi-space-size=64 bench/callAllocation.ts`. Method of docs/benchmarks.md "`call`, third look": new-space
 * growth over blocks of 50 calls, a block counted only when no garbage collection ran during it, median of the blocks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { median } from './lib.ts';
import { benchEnvironment, connectRaw, everythingConfig } from './mcpFixtures.ts';
import { HostEventHub } from '../electron/host/events.ts';
import { createMcpModule } from '../electron/host/mcp/mcpModule.ts';

const blocks = Number(process.env.ALLOC_BLOCKS ?? 60);
const perBlock = 50;
const args = { message: 'hello' };

let collections = 0;
new PerformanceObserver((list) => void (collections += list.getEntries().length)).observe({ entryTypes: ['gc'] });
const newSpaceUsed = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_used_size ?? 0;

const { env, dispose } = benchEnvironment();
writeFileSync(join(env.dataDir, 'servers.json'), `${JSON.stringify({ mcpServers: { everything: everythingConfig() } })}\n`);
const mcp = await createMcpModule({ env, events: new HostEventHub() });
const raw = await connectRaw([everythingConfig()], 'connect+list');
try {
  await mcp.start();
  const echo = mcp.tools.listTools().find((tool) => tool.toolName === 'echo');
  const client = raw.clients[0];
  if (!echo || !client) throw new Error('echo or the raw client is missing');
  const sides: Record<string, () => Promise<unknown>> = {
    host: () => mcp.tools.callTool(echo.exposedName, args),
    rawSdk: () => client.callTool({ name: 'echo', arguments: args }),
    rawSdkWithHostCallOptions: () => client.callTool({ name: 'echo', arguments: args }, { signal: new AbortController().signal, timeout: 2_147_483_647, onprogress: () => {} }),
  };
  const perCall: Record<string, number[]> = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
  for (const call of Object.values(sides)) for (let i = 0; i < 500; i++) await call();
  for (let b = 0; b < blocks; b++) {
    for (const [name, call] of Object.entries(sides)) {
      // Lets a pending GC entry arrive before the block starts, so it is not charged to this block.
      await new Promise((resolve) => setImmediate(resolve));
      const before = newSpaceUsed();
      const seen = collections;
      for (let i = 0; i < perBlock; i++) await call();
      const grown = newSpaceUsed() - before;
      await new Promise((resolve) => setImmediate(resolve));
      if (collections === seen && grown > 0) perCall[name]?.push(grown / perBlock);
    }
  }
  const summary = Object.fromEntries(Object.entries(perCall).map(([name, values]) => [name, { bytesPerCall: Math.round(median(values)), blocksCounted: values.length }]));
  console.log(JSON.stringify(summary));
} finally {
  await mcp.shutdown();
  await raw.close();
  dispose();
}
