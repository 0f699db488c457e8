/**
 * What each of the host's per-call SDK options costs (issue 12, `call` fifth look): `node bench/callOptions.ts`.
 * Not a target bench (it writes no result file); it splits the `call` gap so a change can be aimed at the right part.
 *
 * 1. Client CPU per call, no server: an SDK Client on a transport that answers at once, each option set in turn (median
 *    of blocks). What the options cost the bench process, free of pipes and scheduling.
 * 2. Wall time per call, options interleaved call by call on ONE raw client and ONE server process (a fresh process
 *    per round): two processes answer at different speeds (docs/benchmarks.md "`call`, fourth look"), so comparing
 *    option sets on the same process cancels that luck. `metaToken` is a progress token the caller puts in `_meta`
 *    itself, without the SDK's `onprogress`: what the token costs on the wire and in the server.
 * 3. The host's own layers: a registry call against the host's own SDK client called raw and with the host's options,
 *    interleaved on the host's server process (restarted through the host every round).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Client, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { median, percentile } from './lib.ts';
import { benchEnvironment, connectRaw, everythingConfig } from './mcpFixtures.ts';
import { HostEventHub } from '../electron/host/events.ts';
import { createMcpModule } from '../electron/host/mcp/mcpModule.ts';
import { HostClient, type CallResultSchema } from '../electron/host/mcp/hostClient.ts';
import { withRequestingClient } from './requestingClient.ts';

const rounds = Number(process.env.OPTIONS_ROUNDS ?? 4);
const callsPerRound = Number(process.env.OPTIONS_CALLS ?? 2500);
const warmup = 600;
/** Which of the three measurements to run, e.g. OPTIONS_PARTS=3. */
const parts = process.env.OPTIONS_PARTS ?? '123';
const args = { message: 'hello' };
const noop = () => {};
/** The SDK timer the host parks (toolCall.ts): the largest delay setTimeout accepts. */
const parked = 2_147_483_647;

type CallOn = (client: Client) => Promise<unknown>;
/** The 2025 era's tools/call result validator, as the host builds it once (hostClient.ts); not tied to the client that built it. */
let legacyCallResultSchema: CallResultSchema;
let token = 0;
/** Each option alone, and all of them as the host passes them. */
const optionSets: Record<string, CallOn> = {
  raw: (c) => c.callTool({ name: 'echo', arguments: args }),
  signal: (c) => c.callTool({ name: 'echo', arguments: args }, { signal: new AbortController().signal }),
  onprogress: (c) => c.callTool({ name: 'echo', arguments: args }, { onprogress: noop }),
  timeout: (c) => c.callTool({ name: 'echo', arguments: args }, { timeout: parked }),
  metaToken: (c) => c.callTool({ name: 'echo', arguments: args, _meta: { progressToken: `t${token++}` } }),
  all: (c) => c.callTool({ name: 'echo', arguments: args }, { signal: new AbortController().signal, timeout: parked, onprogress: noop }),
  // The host's plain path (2025 era, no output schema) before and after the sixth look: `request` building the era's
  // result validator per call (a failing probe parse first), and `request` handed the same validator ready-made.
  request: (c) => c.request({ method: 'tools/call', params: { name: 'echo', arguments: args } }, { signal: new AbortController().signal, timeout: parked, onprogress: noop }),
  requestSchema: (c) => c.request({ method: 'tools/call', params: { name: 'echo', arguments: args } }, legacyCallResultSchema, { signal: new AbortController().signal, timeout: parked, onprogress: noop }),
};
/** Which option sets to measure, e.g. OPTIONS_SETS=raw,request,requestSchema (`raw` is every ratio's base). */
const names = process.env.OPTIONS_SETS?.split(',') ?? Object.keys(optionSets);
const ratio = (value: number, base: number) => (value / base).toFixed(3);

/** A transport whose "server" answers initialize and every call on the next turn of the event loop. */
class AnsweringTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  start(): Promise<void> {
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.onclose?.();
    return Promise.resolve();
  }
  send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || !('method' in message)) return Promise.resolve();
    const { id } = message;
    const version = message.params?.protocolVersion;
    const result =
      message.method === 'initialize'
        ? { protocolVersion: typeof version === 'string' ? version : '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'answering', version: '0' } }
        : { content: [{ type: 'text', text: 'Echo: hello' }] };
    setImmediate(() => this.onmessage?.({ jsonrpc: '2.0', id, result }));
    return Promise.resolve();
  }
}

async function clientCpu(): Promise<Record<string, number>> {
  const client = new Client({ name: 'options', version: '0' });
  await client.connect(new AnsweringTransport());
  const perCall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const block = 2000;
  for (let r = 0; r < 25; r++) {
    for (const name of names) {
      const call = optionSets[name];
      if (!call) continue;
      const cpu = process.cpuUsage();
      for (let i = 0; i < block; i++) await call(client);
      const used = process.cpuUsage(cpu);
      // The first rounds warm the JIT for every set.
      if (r >= 5) perCall[name]?.push((used.user + used.system) / block);
    }
  }
  await client.close();
  return Object.fromEntries(names.map((name) => [name, median(perCall[name] ?? [])]));
}

async function interleaved<T>(sides: Record<string, (target: T) => Promise<unknown>>, freshTarget: (round: number) => Promise<T>): Promise<Record<string, number[]>> {
  const keys = Object.keys(sides);
  const samples: Record<string, number[]> = Object.fromEntries(keys.map((key) => [key, []]));
  for (let r = 0; r < rounds; r++) {
    const target = await freshTarget(r);
    for (let i = 0; i < warmup; i++) for (const key of keys) await sides[key]?.(target);
    for (let i = 0; i < callsPerRound; i++) {
      // The order rotates call by call, so no side always follows the same one.
      for (let k = 0; k < keys.length; k++) {
        const key = keys[(i + k) % keys.length] ?? '';
        const start = performance.now();
        await sides[key]?.(target);
        samples[key]?.push((performance.now() - start) * 1000);
      }
    }
  }
  return samples;
}

async function optionsOnOneProcess(): Promise<Record<string, number[]>> {
  let close = () => Promise.resolve();
  const chosen = Object.fromEntries(names.map((name) => [name, optionSets[name] ?? (() => Promise.resolve())]));
  const samples = await interleaved<Client>(chosen, async () => {
    await close();
    const raw = await connectRaw([everythingConfig()], 'connect+list');
    close = raw.close;
    const client = raw.clients[0];
    if (!client) throw new Error('the raw client did not connect');
    return client;
  });
  await close();
  return samples;
}

async function hostLayers(): Promise<Record<string, number[]>> {
  const { env, dispose } = benchEnvironment();
  writeFileSync(join(env.dataDir, 'servers.json'), `${JSON.stringify({ mcpServers: { everything: everythingConfig() } })}\n`);
  const mcp = await createMcpModule({ env, events: new HostEventHub() });
  try {
    await mcp.start();
    const echo = mcp.tools.listTools().find((tool) => tool.toolName === 'echo');
    if (!echo) throw new Error('echo is not in the registry');
    const viaHost = () => mcp.tools.callTool(echo.exposedName, args);
    // The host's own Client is found by the first request it sends for a call (the prototype is restored at once): the raw sides then
    // use the very client, transport and server process the host uses.
    const hostClient = async (): Promise<Client> => {
      for (const until = Date.now() + 120_000; Date.now() < until; ) {
        const { result, client } = await withRequestingClient(viaHost);
        if (result.ok && client) return client;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the host did not call echo within 120 s');
    };
    return await interleaved<Client>(
      { host: () => viaHost(), raw: (c) => optionSets.raw?.(c) ?? Promise.resolve(), all: (c) => optionSets.all?.(c) ?? Promise.resolve() },
      async (round) => {
        if (round > 0) {
          const restarted = await mcp.api['servers.restart']({ id: 'everything' });
          if (!restarted.ok) throw new Error(`restart failed: ${JSON.stringify(restarted)}`);
        }
        return hostClient();
      },
    );
  } finally {
    await mcp.shutdown();
    dispose();
  }
}

{
  const client = new HostClient({ name: 'options', version: '0' });
  await client.connect(new AnsweringTransport());
  legacyCallResultSchema = client.callResultSchema();
  await client.close();
}
if (parts.includes('1')) {
  const cpu = await clientCpu();
  console.log('1. client CPU per call, answering transport (µs, median of 20 blocks of 2,000):');
  for (const name of names) console.log(`   ${name.padEnd(11)} ${(cpu[name] ?? 0).toFixed(2)}  (+${((cpu[name] ?? 0) - (cpu.raw ?? 0)).toFixed(2)})`);
}
if (parts.includes('2')) {
  const wall = await optionsOnOneProcess();
  const rawP50 = percentile(wall.raw ?? [], 50);
  console.log(`2. wall per call, options interleaved on one server process (${rounds} fresh processes × ${callsPerRound}; µs):`);
  for (const name of names) {
    const p50 = percentile(wall[name] ?? [], 50);
    console.log(`   ${name.padEnd(11)} p50 ${p50.toFixed(1)} (${ratio(p50, rawP50)}, ${(p50 - rawP50).toFixed(1)})  p25 ${percentile(wall[name] ?? [], 25).toFixed(1)}`);
  }
}
if (parts.includes('3')) {
  const host = await hostLayers();
  const hostRaw = percentile(host.raw ?? [], 50);
  console.log(`3. the host against its own client, interleaved on the host's server process (µs):`);
  for (const name of ['host', 'raw', 'all']) {
    const p50 = percentile(host[name] ?? [], 50);
    console.log(`   ${name.padEnd(11)} p50 ${p50.toFixed(1)} (${ratio(p50, hostRaw)} of raw, ${ratio(p50, percentile(host.all ?? [], 50))} of raw with the host's options)`);
  }
}
console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
