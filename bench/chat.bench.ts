/**
 * Bench `chat`: a 5-turn scripted conversation with tool calls (server-everything over stdio) through the whole host
 * (createHost: SQLite history, events, registry, approvals) against the same conversation driven by the raw SDK plus a
 * bare MCP client on the same scripted server, alternated in one run. Writes two results from one run:
 * `chat` (SSE events PACE_MS apart, as a streamed reply arrives; target ratio <= 1.10) and `chat-unpaced` (events
 * sent as fast as the socket takes them; target ratio <= 1.15). The paced figure alone would hide the host's cost
 * behind the waits between events, so the unpaced one is printed beside it. `chat-unpaced` runs the scripted API in a
 * process of its own for both sides (decision 015: a real Messages API is never in the host's process); the same
 * conversation with the API in this process stays in the details as `unpacedApiInBenchProcess`. The paced `chat`
 * keeps the API in this process, as before (its 5 ms waits leave the thread idle either way).
 */
import { loadavg } from 'node:os';
import Anthropic from '@anthropic-ai/sdk';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startScriptedLlm, type ScriptedLlm, type ScriptTurn } from '../tests/fixtures/scriptedLlm/index.ts';
import { addEverything, everythingScript, startHost, tempDataDir, testModel, value, waitForTools, type HostUnderTest } from '../tests/integration/chat-harness.ts';
import { alternate, median, ratioInterval, report } from './lib.ts';
import { startScriptedApiProcess, type ScriptedApi } from './scriptedApiProcess.ts';
import { RequestPhases } from './requestPhases.ts';

const PACE_MS = 5;
const ROUNDS = 8;
// An unpaced conversation takes 6-18 ms, and both sides keep getting faster for 100+ conversations (JIT): after one
// warm-up, the median of 8 measured mostly the warm-up, where both sides' fixed costs hide the host's excess, and moved
// by ±0.15 between runs of the same code (docs/benchmarks.md, "chat unpaced, twelfth look"). So the unpaced results
// warm up longer and take the median of more rounds.
const UNPACED_ROUNDS = 128;
const UNPACED_WARMUPS = 24;
/**
 * Server rounds of `chat-unpaced`: its 128 conversations per side are split into rounds, and every round runs on fresh
 * MCP server processes for both sides (the host's restarted through the host, the raw side's client on a
 * process of its own). Where the kernel places each side's server process against the bench's thread sets how fast
 * that side's tool calls are for as long as the process lives, so one pair of processes per run made the whole run's
 * ratio a draw of that luck (the same tree read 1.05-1.34 in runs a minute apart; docs/benchmarks.md, "fourteenth
 * look"). The `call` bench does the same since its sixth look. Sixteen rounds of 8 (not 8 of 8): with 8 rounds one
 * run's bootstrap interval spanned about 1.07-1.31, too wide to tell a 1.15 target apart (sixteenth look).
 */
const SERVER_ROUNDS = Number(process.env.BENCH_CHAT_SERVER_ROUNDS ?? 16);
/** Warm-up conversations per side on each round's fresh processes (a fresh server-everything answers its first calls slower). */
const ROUND_WARMUPS = 8;
/** The idle pause after each round's spawns. */
const SETTLE_MS = 1_000;
const text = (t: string) => ({ type: 'text' as const, text: t });

// Five API turns: four with tool calls (one with two calls), then the answer.
const conversation: ScriptTurn[] = [
  { content: [text('Let me echo that first.'), { type: 'tool_use', tool: 'echo', input: { message: 'hello bench' } }] },
  { content: [text('Now the sum.'), { type: 'tool_use', tool: 'get-sum', input: { a: 20, b: 22 } }] },
  { content: [text('Both at once.'), { type: 'tool_use', tool: 'echo', input: { message: 'twice' } }, { type: 'tool_use', tool: 'get-sum', input: { a: 1, b: 2 } }] },
  { content: [text('One more echo.'), { type: 'tool_use', tool: 'echo', input: { message: 'last' } }] },
  { content: [text('Done: the echo came back, 20 + 22 = 42 and 1 + 2 = 3. That was the whole conversation.')] },
];

async function viaHost(target: HostUnderTest, llm: ScriptedApi, phases?: RequestPhases): Promise<number> {
  llm.setScript(conversation);
  const chat = value(await target.api['chats.create']({}));
  phases?.begin();
  const started = performance.now();
  value(await target.api['chat.send']({ chatId: chat.id, text: 'Run the bench conversation.' }));
  const state = await target.log.runEnd(chat.id);
  const elapsed = performance.now() - started;
  phases?.end('host');
  if (state.error) throw new Error(`host run failed: ${state.error.message}`);
  return elapsed;
}

/** What the raw side sends besides the conversation: the host's tools and system prompt, so both requests are the same size. */
interface RawRequest {
  tools: Anthropic.Tool[];
  system: Anthropic.TextBlockParam[] | undefined;
}

async function viaRawSdk(sdk: Anthropic, mcp: Client, request: RawRequest, llm: ScriptedApi, phases?: RequestPhases): Promise<number> {
  llm.setScript(conversation);
  phases?.begin();
  const started = performance.now();
  const { tools, system } = request;
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Run the bench conversation.' }];
  for (;;) {
    const message = await sdk.messages.stream({ model: testModel, max_tokens: 8192, tools, messages, ...(system ? { system } : {}) }).finalMessage();
    messages.push({ role: 'assistant', content: message.content });
    if (message.stop_reason !== 'tool_use') break;
    const uses = message.content.filter((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
    const results = await Promise.all(
      uses.map(async (use): Promise<Anthropic.ToolResultBlockParam> => {
        const result = await mcp.callTool({ name: use.name.replace(/^everything__/, ''), arguments: use.input as Record<string, unknown> });
        const content = (result.content as { type: string; text?: string }[]).map((c) => ({ type: 'text' as const, text: c.text ?? '' }));
        return { type: 'tool_result', tool_use_id: use.id, content };
      }),
    );
    messages.push({ role: 'user', content: results });
  }
  const elapsed = performance.now() - started;
  phases?.end('rawSdk');
  return elapsed;
}

/**
 * The system prompt of the host's first request: the servers' instructions (server-everything's, about 2 KB), which
 * the host sends because the model is meant to read them. The raw side sends the same, so the two sides ask the same
 * question and the ratio is the host's cost of asking it; without it the host's requests were 2 KB (about 25 %)
 * bigger to build, send and parse (docs/benchmarks.md, "seventeenth look").
 */
async function hostSystemPrompt(target: HostUnderTest, llm: ScriptedLlm): Promise<Anthropic.TextBlockParam[] | undefined> {
  const first = llm.messageRequests().length;
  await viaHost(target, llm);
  const system = llm.messageRequests()[first]?.body?.system;
  if (system === undefined) return undefined;
  if (!Array.isArray(system)) throw new Error('the host sent a system prompt that is not a list of blocks');
  return system as Anthropic.TextBlockParam[];
}

/** The raw side's MCP client, replaced by a client of a fresh server process at each server round. */
interface RawClient {
  client: Client;
}

async function connectRawClient(): Promise<Client> {
  const client = new Client({ name: 'bench-baseline', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [everythingScript, 'stdio'] }));
  return client;
}

/** The host's server-everything on a fresh process, restarted as the Servers view does, ready with its tools. */
async function restartHostServer(target: HostUnderTest): Promise<void> {
  value(await target.api['servers.restart']({ id: 'everything' }));
  for (const until = Date.now() + 120_000; Date.now() < until; ) {
    const server = value(await target.api['servers.list']({})).find((s) => s.id === 'everything');
    if (server?.status.state === 'ready') return waitForTools(target, ['echo', 'get-sum']);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the restarted server-everything was not ready within 120 s');
}

/** Each side's server process is replaced before every server round (see SERVER_ROUNDS). */
async function freshServers(target: HostUnderTest, raw: RawClient, round: number): Promise<void> {
  // Spawned in turn order: the process spawned last is not always the same side's.
  const replaceRaw = async () => {
    await raw.client.close();
    raw.client = await connectRawClient();
  };
  if (round % 2 === 0) {
    await restartHostServer(target);
    await replaceRaw();
  } else {
    await replaceRaw();
    await restartHostServer(target);
  }
  // An idle moment after the spawns, so the kernel places every process afresh before anything is measured.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

// `ownProcess`: the scripted API runs in a child process (`chat-unpaced`'s result, decision 015); otherwise in this
// process, on the measured thread (the paced `chat` and the in-process detail). `serverRounds`: the measured
// conversations are split into that many rounds, each on fresh MCP server processes for both sides.
async function measure(pace: number, rounds: number, warmups: number, target: HostUnderTest, sdk: Anthropic, raw: RawClient, request: RawRequest, ownProcess = false, serverRounds = 1) {
  const paced: ScriptedApi = ownProcess ? await startScriptedApiProcess(conversation, pace) : await startScriptedLlm({ apiKey: 'sk-test', eventDelayMs: pace });
  value(await target.api['settings.update']({ apiBaseUrl: paced.url }));
  const pacedSdk = sdk.withOptions({ baseURL: paced.url });
  const warm = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await viaHost(target, paced);
      await viaRawSdk(pacedSdk, raw.client, request, paced);
    }
  };
  // Warm-ups each (JIT, connection pools, prepared statements).
  await warm(warmups);
  // This process's CPU time per conversation on each side (with the API in this process, the scripted server's share is
  // in it too, equally for both): on a machine shared with other work, wall time also holds the waits for a core.
  const cpu = { host: 0, rawSdk: 0 };
  const withCpu = (side: keyof typeof cpu, run: () => Promise<number>) => async () => {
    const start = process.cpuUsage();
    const elapsed = await run();
    const used = process.cpuUsage(start);
    cpu[side] += (used.user + used.system) / 1000;
    return elapsed;
  };
  // Where each side's time goes between its API requests (requestPhases.ts), for the measured rounds.
  const phases = new RequestPhases();
  const samples = { subject: [] as number[], baseline: [] as number[] };
  const perServerRound: number[] = [];
  // Each round's samples apart, for the ratio's interval (rounds are strata: each ran on its own processes).
  const byRound = { subject: [] as number[][], baseline: [] as number[][] };
  for (let round = 0; round < serverRounds; round++) {
    if (serverRounds > 1) {
      await freshServers(target, raw, round);
      await warm(ROUND_WARMUPS);
    }
    const inRound = Math.ceil(rounds / serverRounds);
    const measured = await alternate(inRound, withCpu('host', () => viaHost(target, paced, phases)), withCpu('rawSdk', () => viaRawSdk(pacedSdk, raw.client, request, paced, phases)));
    perServerRound.push(median(measured.subject) / median(measured.baseline));
    byRound.subject.push(measured.subject);
    byRound.baseline.push(measured.baseline);
    samples.subject.push(...measured.subject);
    samples.baseline.push(...measured.baseline);
  }
  phases.close();
  await paced.close();
  const conversations = samples.subject.length;
  const cpuMsPerConversation = { host: cpu.host / conversations, rawSdk: cpu.rawSdk / conversations };
  return { ...samples, cpuMsPerConversation, cpuRatio: cpuMsPerConversation.host / cpuMsPerConversation.rawSdk, phasesMs: phases.medians(), perServerRound, ratio95: ratioInterval(byRound.subject, byRound.baseline) };
}

const llm = await startScriptedLlm({ apiKey: 'sk-test' });
const data = tempDataDir('sb-bench-chat-');
const target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
const raw: RawClient = { client: new Client({ name: 'bench-baseline', version: '1.0.0' }) };
try {
  await addEverything(target, ['echo', 'get-sum']);
  for (const tool of ['echo', 'get-sum']) value(await target.api['tools.setApproval']({ serverId: 'everything', toolName: tool, policy: 'always_allow' }));
  raw.client = await connectRawClient();
  // The baseline offers the model exactly the tools the host offers, so both send requests of the same size.
  const exposed = value(await target.api['tools.list']({})).filter((t) => t.enabled);
  const tools: Anthropic.Tool[] = [];
  for (const t of exposed) {
    // The tool list carries no schemas; each one is asked for (as the window does when it needs one).
    const { inputSchema } = value(await target.api['tools.schema']({ serverId: t.serverId, toolName: t.toolName }));
    tools.push({ name: t.exposedName, description: t.description ?? t.toolName, input_schema: { ...inputSchema, type: 'object' } });
  }
  const sdk = new Anthropic({ apiKey: 'sk-test', baseURL: llm.url, logLevel: 'off', openTelemetry: false });
  const request: RawRequest = { tools, system: await hostSystemPrompt(target, llm) };

  const paced = await measure(PACE_MS, ROUNDS, 1, target, sdk, raw, request);
  const unpaced = await measure(0, UNPACED_ROUNDS, UNPACED_WARMUPS, target, sdk, raw, request, true, SERVER_ROUNDS);
  const apiInBenchProcess = await measure(0, UNPACED_ROUNDS, UNPACED_WARMUPS, target, sdk, raw, request);
  const details = {
    paceMs: PACE_MS,
    rounds: ROUNDS,
    unpacedRounds: UNPACED_ROUNDS,
    unpacedWarmups: UNPACED_WARMUPS,
    paced: { hostSamplesMs: paced.subject, rawSdkSamplesMs: paced.baseline, ratio: median(paced.subject) / median(paced.baseline), cpuMsPerConversation: paced.cpuMsPerConversation, cpuRatio: paced.cpuRatio },
    // `chat-unpaced`'s result: the scripted API in a process of its own (CPU: this process only, so without the API's).
    unpaced: { apiInOwnProcess: true, hostSamplesMs: unpaced.subject, rawSdkSamplesMs: unpaced.baseline, ratio: median(unpaced.subject) / median(unpaced.baseline), cpuMsPerConversation: unpaced.cpuMsPerConversation, cpuRatio: unpaced.cpuRatio, phasesMs: unpaced.phasesMs, serverRounds: SERVER_ROUNDS, ratioPerServerRound: unpaced.perServerRound, ratio95: unpaced.ratio95 },
    // The same unpaced conversation with the scripted API in this process, on the measured thread (the result's setup
    // before decision 015; CPU includes the API's work for both sides).
    unpacedApiInBenchProcess: { hostSamplesMs: apiInBenchProcess.subject, rawSdkSamplesMs: apiInBenchProcess.baseline, ratio: median(apiInBenchProcess.subject) / median(apiInBenchProcess.baseline), cpuMsPerConversation: apiInBenchProcess.cpuMsPerConversation, cpuRatio: apiInBenchProcess.cpuRatio },
    loadAverage: loadavg(),
  };
  const what = (rounds: number) => `ms for a 5-turn conversation with 5 tool calls, host vs raw SDK (median of ${rounds}`;
  report({ name: 'chat', metric: `${what(ROUNDS)}, SSE events ${PACE_MS} ms apart)`, value: median(paced.subject), baseline: median(paced.baseline), target: 1.1, direction: 'ratio_at_most', details });
  const { host: hostPhases, rawSdk: rawPhases } = unpaced.phasesMs;
  if (hostPhases && rawPhases) {
    const pair = (a: number, b: number) => `${a.toFixed(2)} / ${b.toFixed(2)}`;
    const gaps = hostPhases.betweenRequests.map((h, i) => pair(h, rawPhases.betweenRequests[i] ?? 0)).join(', ');
    console.log(`bench chat-unpaced phases, host / raw ms (medians): to the first request ${pair(hostPhases.toFirstRequest, rawPhases.toFirstRequest)}; between requests ${gaps}; after the last ${pair(hostPhases.afterLastRequest, rawPhases.afterLastRequest)}`);
  }
  console.log(`bench chat-unpaced: the ratio's 95 % bootstrap interval (samples drawn again within each server round): ${unpaced.ratio95.map((r) => r.toFixed(3)).join('-')}`);
  report({ name: 'chat-unpaced', metric: `${what(UNPACED_ROUNDS)}, SSE events unpaced, scripted API in its own process)`, value: median(unpaced.subject), baseline: median(unpaced.baseline), target: 1.15, direction: 'ratio_at_most', details });
} finally {
  await raw.client.close();
  await target.host.shutdown();
  await llm.close();
  data.remove();
}
