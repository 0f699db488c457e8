/**
 * Where a routed call's CPU goes, function by function: `node bench/callProfile.ts [calls per phase] [phases]`. Host
 * phases (registry → manager → connection → SDK) and raw-SDK phases alternate in one process, one server-everything
 * each, every phase under the inspector's CPU profiler; self time is summed per function and per file over the phases
 * of each side and printed per call, the host's own files (electron/, shared/) first. Not a timed bench: a profile
 * inflates every figure, so read it for where the host differs, and measure a change with `call`/`callOptions.ts`.
 *
 * `node bench/callProfile.ts --cpu [blocks]`: no profiler; main-thread CPU per call (process.threadCpuUsage, median of
 * blocks of 500, sides in turn) of the host, of the host's own SDK client sent the host's request on the same server
 * process (`request` with the ready-made validator and the host's options: the SDK part of a host call), and of a raw
 * client's `callTool` on a process of its own. Host minus `ownClient` is what the host's own layers cost.
 */
import { writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector/promises';
import { join } from 'node:path';
import { median } from './lib.ts';
import { HostClient } from '../electron/host/mcp/hostClient.ts';
import { withRequestingClient } from './requestingClient.ts';
import { benchEnvironment, connectRaw, everythingConfig } from './mcpFixtures.ts';
import { HostEventHub } from '../electron/host/events.ts';
import { createMcpModule } from '../electron/host/mcp/mcpModule.ts';

const cpuMode = process.argv[2] === '--cpu';
/** `--heap`: a sampling heap profile of host calls only (objects a scavenge collected included), bytes per call by allocating function. */
const heapMode = process.argv[2] === '--heap';
const callsPerPhase = cpuMode ? 500 : Number(process.argv[2] ?? 5000);
const phases = Number(process.argv[3] ?? (cpuMode ? 60 : 4));
const args = { message: 'hello' };

/** Self time (µs) per function key, summed over a profile's samples. */
function selfTimes(profile: Profiler.Profile, into: Map<string, number>): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas ?? [];
  const samples = profile.samples ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] ?? -1);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(node_modules\/|electron\/|shared\/|bench\/)/, '$1');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    into.set(key, (into.get(key) ?? 0) + (deltas[i] ?? 0));
  }
}

const { env, dispose } = benchEnvironment();
writeFileSync(join(env.dataDir, 'servers.json'), `${JSON.stringify({ mcpServers: { everything: everythingConfig() } })}\n`);
const mcp = await createMcpModule({ env, events: new HostEventHub() });
const raw = await connectRaw([everythingConfig()], 'connect+list');
const session = new Session();
session.connect();
try {
  await mcp.start();
  const echo = mcp.tools.listTools().find((tool) => tool.toolName === 'echo');
  const client = raw.clients[0];
  if (!echo || !client) throw new Error('echo or the raw client is missing');
  const sides: Record<string, () => Promise<unknown>> = {
    host: () => mcp.tools.callTool(echo.exposedName, args),
    raw: () => client.callTool({ name: 'echo', arguments: args }),
  };
  {
    const own = await hostClientOf(() => mcp.tools.callTool(echo.exposedName, args));
    const schema = own.callResultSchema();
    sides.ownClient = () => own.request({ method: 'tools/call', params: { name: 'echo', arguments: args } }, schema, { signal: new AbortController().signal, timeout: 2_147_483_647, onprogress: () => {} });
    // The same request on the raw client (the SDK's own transport and read buffer): ownClient minus this is the host's transport.
    if (cpuMode) sides.rawRequest = () => client.request({ method: 'tools/call', params: { name: 'echo', arguments: args } }, schema, { signal: new AbortController().signal, timeout: 2_147_483_647, onprogress: () => {} });
  }
  for (const call of Object.values(sides)) for (let i = 0; i < 1000; i++) await call();
  if (heapMode) {
    const calls = 20_000;
    const side = sides[process.env.PROFILE_SIDE ?? 'host'];
    if (!side) throw new Error('no such side');
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    for (let i = 0; i < calls; i++) await side();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const bytes = new Map<string, number>();
    const walk = (node: typeof profile.head) => {
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules\/|electron\/|shared\/|bench\/)/, '$1')}:${lineNumber + 1}`;
      bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
      for (const child of node.children) walk(child);
    };
    walk(profile.head);
    const total = [...bytes.values()].reduce((sum, value) => sum + value, 0);
    console.log(`${(total / calls).toFixed(0)} bytes per call sampled`);
    for (const [key, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(`${(size / calls).toFixed(0).padStart(6)}  ${key}`);
  } else if (cpuMode) {
    const perCall: Record<string, number[]> = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
    const processCpu: Record<string, number[]> = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
    for (let phase = 0; phase < phases; phase++) {
      const names = phase % 2 === 0 ? Object.keys(sides) : Object.keys(sides).reverse();
      for (const name of names) {
        const call = sides[name];
        if (!call) continue;
        const cpu = process.threadCpuUsage();
        const all = process.cpuUsage();
        for (let i = 0; i < callsPerPhase; i++) await call();
        const used = process.threadCpuUsage(cpu);
        const usedAll = process.cpuUsage(all);
        perCall[name]?.push((used.user + used.system) / callsPerPhase);
        processCpu[name]?.push((usedAll.user + usedAll.system) / callsPerPhase);
      }
    }
    const base = median(perCall.ownClient ?? []);
    for (const [name, values] of Object.entries(perCall)) console.log(`${name.padEnd(10)} ${median(values).toFixed(2)} µs main-thread CPU per call (${(median(values) - base).toFixed(2)} over ownClient); process CPU ${median(processCpu[name] ?? []).toFixed(2)} µs`);
    process.exitCode = 0;
  } else {  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  const totals: Record<string, { self: Map<string, number>; calls: number; cpu: number }> = {};
  for (let phase = 0; phase < phases; phase++) {
    const names = phase % 2 === 0 ? Object.keys(sides) : Object.keys(sides).reverse();
    for (const name of names) {
      const call = sides[name];
      if (!call) continue;
      const side = (totals[name] ??= { self: new Map(), calls: 0, cpu: 0 });
      await session.post('Profiler.start');
      const cpu = process.cpuUsage();
      for (let i = 0; i < callsPerPhase; i++) await call();
      const used = process.cpuUsage(cpu);
      const { profile } = await session.post('Profiler.stop');
      side.cpu += used.user + used.system;
      side.calls += callsPerPhase;
      selfTimes(profile, side.self);
    }
  }
  for (const [name, side] of Object.entries(totals)) {
    const perCall = (micros: number) => (micros / side.calls).toFixed(2);
    const files = new Map<string, number>();
    for (const [key, micros] of side.self) {
      const file = key.slice(key.indexOf(' ') + 1).replace(/:\d+$/, '');
      files.set(file, (files.get(file) ?? 0) + micros);
    }
    const own = [...files].filter(([file]) => /^(electron|shared)\//.test(file)).sort((a, b) => b[1] - a[1]);
    console.log(`\n== ${name}: process CPU ${perCall(side.cpu)} µs per call; own files ${perCall(own.reduce((sum, [, m]) => sum + m, 0))} µs`);
    for (const [file, micros] of own) console.log(`  ${perCall(micros).padStart(7)}  ${file}`);
    console.log('  -- top functions');
    for (const [key, micros] of [...side.self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 40))) console.log(`  ${perCall(micros).padStart(7)}  ${key}`);
    console.log('  -- own functions');
    for (const [key, micros] of [...side.self].filter(([key]) => / (electron|shared)\//.test(key)).sort((a, b) => b[1] - a[1])) console.log(`  ${perCall(micros).padStart(7)}  ${key}`);
  }
  }
} finally {
  session.disconnect();
  await mcp.shutdown();
  await raw.close();
  dispose();
}

/** The host's own SDK client, found by the first request it sends for a call. */
async function hostClientOf(call: () => Promise<unknown>): Promise<HostClient> {
  const { client } = await withRequestingClient(call);
  if (!(client instanceof HostClient)) throw new Error('the host sent no request through a HostClient');
  return client;
}
