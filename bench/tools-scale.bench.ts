/**
 * `tools-scale`: servers becoming ready one by one, 20 tools each, through the real MCP module (servers file,
 * status and catalog hooks, registry, 'tools.changed' push), 10 against 100 servers in the same run. The
 * connection layer is replaced by a scripted manager that reports each server ready in its own event-loop turn
 * with real tool definitions (server-everything, -filesystem, -memory), so the measured work is the host's own.
 * Host work: CPU time of the main thread over the whole sequence (process.threadCpuUsage, so other engineers' load
 * on the machine does not count), including serializing each push as the WebSocket bridge does; wall time is kept
 * in the details. Bytes: UTF-8 JSON of every 'tools.changed' payload.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyServersDelta, type ServersDelta, type ServerStatus, type ServerView } from '../shared/servers.ts';
import { HostEventHub } from '../electron/host/events.ts';
import type { ServerManagerDeps } from '../electron/host/mcp/manager.ts';
import { createMcpModule } from '../electron/host/mcp/mcpModule.ts';
import type { McpServerManager, ServerTool } from '../electron/host/mcp/types.ts';
import { err, ok } from '../shared/errors.ts';
import { benchEnvironment } from './mcpFixtures.ts';
import { median, report } from './lib.ts';
import { realToolDefinitions } from './realToolDefinitions.ts';

const TOOLS_PER_SERVER = 20;
const ROUNDS = 7;

const readyStatus = (id: string, tools: number): ServerStatus => ({
  state: 'ready', since: Date.now(), era: 'legacy', protocolVersion: '2025-06-18', serverName: id, serverVersion: '1', warnings: [],
  capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
  counts: { tools, resources: 0, prompts: 0 },
});

/** A manager whose servers stay connecting until `becomeReady` reports one ready with its catalog. */
function scriptedManager(deps: ServerManagerDeps) {
  const statuses = new Map<string, ServerStatus>();
  const nope = () => Promise.resolve(err('not_implemented', 'bench'));
  const manager: McpServerManager = {
    setServers(servers) {
      for (const server of servers) {
        const status: ServerStatus = { state: 'connecting', since: Date.now() };
        statuses.set(server.id, status);
        deps.listener.onStatus(server.id, status);
      }
    },
    whenSettled: () => Promise.resolve(),
    status: (id) => statuses.get(id),
    catalog: () => undefined,
    restart: () => Promise.resolve(ok(null)),
    logs: () => [],
    note: () => {},
    callTool: () => Promise.resolve(ok({ content: [], isError: false })),
    listResources: nope,
    listResourceTemplates: nope,
    readResource: nope,
    getPrompt: nope,
    testConnection: () => Promise.reject(new Error('not in the bench')),
    shutdown: () => Promise.resolve(),
  };
  const becomeReady = (id: string, tools: ServerTool[]) => {
    const status = readyStatus(id, tools.length);
    statuses.set(id, status);
    deps.listener.onStatus(id, status);
    deps.listener.onCatalog(id, { tools, prompts: [], resourceCount: 0 });
  };
  return { manager, becomeReady };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One run: `count` servers become ready one per turn; host ms and bytes pushed. */
async function run(count: number, real: ServerTool[]): Promise<{ ms: number; wallMs: number; toolsBytes: number; toolsPushes: number; serversBytes: number; serversFullBytes: number; serversPushes: number }> {
  const { env, dispose } = benchEnvironment();
  const ids = Array.from({ length: count }, (_, i) => `server-${String(i).padStart(3, '0')}`);
  writeFileSync(join(env.dataDir, 'servers.json'), JSON.stringify({ mcpServers: Object.fromEntries(ids.map((id) => [id, { command: 'node' }])) }));
  const events = new HostEventHub();
  let toolsBytes = 0;
  let toolsPushes = 0;
  let serversBytes = 0;
  let serversPushes = 0;
  // What each 'servers.changed' would have cost as the whole list (the push before deltas) is worked out after the
  // timed part, from the deltas kept here, so it adds nothing to the measured CPU.
  const serversDeltas: ServersDelta[] = [];
  // What the bridge does with every push: serialize it for the window.
  events.subscribe((name, payload) => {
    const bytes = Buffer.byteLength(JSON.stringify(payload));
    if (name === 'tools.changed') {
      toolsBytes += bytes;
      toolsPushes++;
    } else if (name === 'servers.changed') {
      serversBytes += bytes;
      serversPushes++;
      serversDeltas.push(payload as ServersDelta);
    }
  });
  let script: ReturnType<typeof scriptedManager> | undefined;
  const module = await createMcpModule({ env, events, createManager: (deps) => (script = scriptedManager(deps)).manager });
  try {
    await module.start();
    await turn();
    if (!script) throw new Error('manager not created');
    const start = performance.now();
    const cpu = process.threadCpuUsage();
    for (const [i, id] of ids.entries()) {
      // Server i offers 20 real definitions, a different window of them per server.
      const tools = Array.from({ length: TOOLS_PER_SERVER }, (_, j) => real[(i * 7 + j) % real.length]).filter((t): t is ServerTool => t !== undefined);
      script.becomeReady(id, tools);
      await turn();
    }
    await turn();
    const used = process.threadCpuUsage(cpu);
    const ms = (used.user + used.system) / 1000;
    const wallMs = performance.now() - start;
    if (module.tools.listTools().length === 0) throw new Error('no tools became available');
    let mirror: ServerView[] = [];
    let serversFullBytes = 0;
    for (const delta of serversDeltas) {
      mirror = applyServersDelta(mirror, delta);
      serversFullBytes += Buffer.byteLength(JSON.stringify(mirror));
    }
    return { ms, wallMs, toolsBytes, toolsPushes, serversBytes, serversFullBytes, serversPushes };
  } finally {
    await module.shutdown();
    dispose();
  }
}

const real = await realToolDefinitions();
await run(10, real); // warm-up (module loading, JIT), not counted
const small: Awaited<ReturnType<typeof run>>[] = [];
const large: Awaited<ReturnType<typeof run>>[] = [];
for (let round = 0; round < ROUNDS; round++) {
  if (round % 2 === 0) {
    small.push(await run(10, real));
    large.push(await run(100, real));
  } else {
    large.push(await run(100, real));
    small.push(await run(10, real));
  }
}
const smallMs = median(small.map((r) => r.ms));
const largeMs = median(large.map((r) => r.ms));
const largeBytes = large[0]?.toolsBytes ?? Number.NaN;
console.log(`tools-scale: host work 10 servers ${smallMs.toFixed(1)} ms, 100 servers ${largeMs.toFixed(1)} ms (x${(largeMs / smallMs).toFixed(2)}, target <= 20)`);
console.log(`tools-scale: tools.changed bytes 10 servers ${small[0]?.toolsBytes ?? 0}, 100 servers ${largeBytes} in ${large[0]?.toolsPushes ?? 0} pushes (target <= 2,000,000)`);
const bytesMet = largeBytes <= 2_000_000;
const serversBefore = large[0]?.serversFullBytes ?? Number.NaN;
const serversAfter = large[0]?.serversBytes ?? Number.NaN;
console.log(
  `tools-scale: servers.changed bytes at 100 servers: ${serversAfter} as per-server deltas vs ${serversBefore} as the whole list each push (before), in ${large[0]?.serversPushes ?? 0} pushes (x${(serversBefore / serversAfter).toFixed(1)} less)`,
);
report({
  name: 'tools-scale',
  metric: `ms of main-thread CPU for 100 servers x ${TOOLS_PER_SERVER} tools becoming ready one by one (median of ${ROUNDS}), baseline 10 servers`,
  value: largeMs,
  baseline: smallMs,
  // Both criteria: the time ratio, and the bytes (a ratio of Infinity when over 2 MB so `met` says the truth).
  ratio: bytesMet ? largeMs / smallMs : Number.POSITIVE_INFINITY,
  target: 20,
  direction: 'ratio_at_most',
  details: {
    timeRatio: largeMs / smallMs,
    toolsChangedBytes100: largeBytes,
    toolsChangedBytes10: small[0]?.toolsBytes,
    toolsChangedPushes100: large[0]?.toolsPushes,
    bytesTarget: 2_000_000,
    bytesMet,
    serversChangedBytes100: serversAfter,
    serversChangedFullListBytes100: serversBefore,
    serversChangedPushes100: large[0]?.serversPushes,
    samplesCpuMs: { servers10: small.map((r) => r.ms), servers100: large.map((r) => r.ms) },
    samplesWallMs: { servers10: small.map((r) => r.wallMs), servers100: large.map((r) => r.wallMs) },
    realDefinitions: real.length,
  },
});
