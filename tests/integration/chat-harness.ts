/**
 * Test harness for the chat engine: a recorder of host events, helpers that wait for a run to end, and the chat module
 * wired to an in-test ToolCaller (for cases a real server cannot provoke) with the real SDK, SQLite and scripted LLM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { err, hostErr, ok, type Result } from '../../shared/errors.ts';
import { hostMessage } from '../../shared/hostMessages.ts';
import type { EventName, HostEvents } from '../../shared/contract.ts';
import type { ChatRunState, ChatStreamEvent } from '../../shared/chat.ts';
import type { ApprovalPolicy } from '../../shared/serverConfig.ts';
import type { ExposedTool, ResourceContents, ToolAnnotations, ToolResult } from '../../shared/servers.ts';
import type { Settings } from '../../shared/settings.ts';
import { HostEventHub } from '../../electron/host/events.ts';
import { silentLogger, type HostEnvironment } from '../../electron/host/environment.ts';
import { FileSecretStore } from '../../electron/host/store/fileSecretStore.ts';
import { createElicitationBroker } from '../../electron/host/elicitation/broker.ts';
import { createChatModule } from '../../electron/host/chat/chatModule.ts';
import type { ChatModule, ElicitationBroker, ToolCallOptions, ToolCaller } from '../../electron/host/ports.ts';
import { createHost, type Host } from '../../electron/host/createHost.ts';
import type { HostApi } from '../../shared/contract.ts';

/** One recorded host event. */
export interface Recorded<E extends EventName = EventName> {
  event: E;
  payload: HostEvents[E];
}

/** Records every event of a hub and lets tests wait for one. */
export class EventLog {
  readonly all: Recorded[] = [];
  private waiters: { test: (r: Recorded) => boolean; resolve: (r: Recorded) => void }[] = [];

  constructor(hub: HostEventHub) {
    hub.subscribe((event, payload) => {
      const record = { event, payload } as Recorded;
      this.all.push(record);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(record)) return true;
        w.resolve(record);
        return false;
      });
    });
  }

  /** The chat.stream events of one chat. */
  stream(chatId?: string): ChatStreamEvent[] {
    return this.all.filter((r): r is Recorded<'chat.stream'> => r.event === 'chat.stream').map((r) => r.payload).filter((e) => chatId === undefined || e.chatId === chatId);
  }

  /** Waits for the first event (already seen ones included when `includePast`) matching `test`. */
  waitFor<E extends EventName>(event: E, test: (payload: HostEvents[E]) => boolean = () => true, timeoutMs = 20_000, includePast = false): Promise<HostEvents[E]> {
    const matches = (r: Recorded): boolean => r.event === event && test(r.payload as HostEvents[E]);
    if (includePast) {
      const seen = this.all.find(matches);
      if (seen) return Promise.resolve(seen.payload as HostEvents[E]);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), timeoutMs);
      this.waiters.push({ test: matches, resolve: (r) => { clearTimeout(timer); resolve(r.payload as HostEvents[E]); } });
    });
  }

  /** Waits until the chat's run ends and returns its final state. */
  async runEnd(chatId: string, timeoutMs = 30_000): Promise<ChatRunState> {
    const event = await this.waitFor('chat.stream', (e) => e.type === 'run_state' && e.chatId === chatId && !e.state.generating, timeoutMs);
    if (event.type !== 'run_state') throw new Error('unreachable');
    return event.state;
  }
}

/** Resolves once the chat list push asked for in this loop turn has gone out: the next turn's check phase (host/chat/chatListPush.ts). */
export function listPushed(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** Unwraps a Result or fails the test with its error. */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** A temporary data folder, removed by the returned function. */
export function tempDataDir(prefix = 'sb-chat-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A host environment for tests: temp data folder, a 0600 file secret store, no logging. */
export function testEnv(dataDir: string): HostEnvironment {
  return { mode: 'web', dataDir, secrets: new FileSecretStore(join(dataDir, 'secrets.json')), logger: silentLogger, openExternal: () => Promise.resolve(), version: '0.0.0-test' };
}

/** A tool of the in-test registry. */
export interface FakeTool {
  name: string;
  annotations?: ToolAnnotations;
  approval?: ApprovalPolicy;
  run: (args: Record<string, unknown>, options: ToolCallOptions) => Promise<Result<ToolResult>>;
}

/** An in-test ToolCaller with the registry's naming (`fake__<tool>`) and approval policy. */
export class FakeTools implements ToolCaller {
  readonly calls: { name: string; args: Record<string, unknown>; options: ToolCallOptions }[] = [];
  readonly policies = new Map<string, ApprovalPolicy>();
  trustReadOnly = false;
  private readonly tools: FakeTool[];

  constructor(tools: FakeTool[]) {
    this.tools = tools;
    for (const tool of tools) if (tool.approval) this.policies.set(tool.name, tool.approval);
  }

  private exposed(tool: FakeTool): ExposedTool {
    return {
      exposedName: `fake__${tool.name}`,
      serverId: 'fake',
      toolName: tool.name,
      description: `The ${tool.name} tool`,
      inputSchema: { type: 'object', properties: {} },
      ...(tool.annotations ? { annotations: tool.annotations } : {}),
      enabled: true,
      approval: this.policies.get(tool.name) ?? 'ask',
    };
  }

  listTools(): ExposedTool[] {
    return this.tools.map((t) => this.exposed(t));
  }
  getTool(exposedName: string): ExposedTool | undefined {
    const tool = this.tools.find((t) => `fake__${t.name}` === exposedName);
    return tool ? this.exposed(tool) : undefined;
  }
  approvalVerdict(exposedName: string): 'allow' | 'ask' | 'deny' {
    const tool = this.getTool(exposedName);
    if (!tool) return 'deny';
    if (tool.approval === 'always_allow') return 'allow';
    if (tool.approval === 'deny') return 'deny';
    return this.trustReadOnly && tool.annotations?.readOnlyHint ? 'allow' : 'ask';
  }
  setApproval(_serverId: string, toolName: string, policy: ApprovalPolicy): Promise<Result<ExposedTool[]>> {
    this.policies.set(toolName, policy);
    return Promise.resolve(ok(this.listTools()));
  }
  async callTool(exposedName: string, args: Record<string, unknown>, options: ToolCallOptions = {}): Promise<Result<ToolResult>> {
    const tool = this.tools.find((t) => `fake__${t.name}` === exposedName);
    this.calls.push({ name: exposedName, args, options });
    if (!tool) return err('tool_not_found', `no tool ${exposedName}`);
    return tool.run(args, options);
  }
  readResource(serverId: string, uri: string): Promise<Result<ResourceContents[]>> {
    if (uri.startsWith('test://missing')) return Promise.resolve(err('not_found', `no resource ${uri}`));
    // A refusal the host words itself (as the registry's is): a code the window translates.
    if (uri.startsWith('test://refused')) return Promise.resolve(hostErr('server_not_ready', hostMessage('call.notReady', { server: serverId })));
    return Promise.resolve(ok([{ uri, mimeType: 'text/plain', text: `contents of ${uri} from ${serverId}` }]));
  }
  onChange(): () => void {
    return () => {};
  }
}

/** The model tests use (current in SDK 1.14's list, so the SDK prints no deprecation warning). */
export const testModel = 'claude-sonnet-5-5';

/** The chat module over fake tools, a real broker, the real SDK and SQLite in a temp folder. */
export interface Engine {
  chat: ChatModule;
  events: HostEventHub;
  log: EventLog;
  elicitations: ElicitationBroker;
  env: HostEnvironment;
}

/** Starts the chat module over `tools`, pointed at `baseUrl` with key `apiKey` (none when null). */
export async function startEngine(options: { dataDir: string; tools: ToolCaller; baseUrl: string; apiKey?: string | null; settings?: Partial<Settings> }): Promise<Engine> {
  const events = new HostEventHub();
  const log = new EventLog(events);
  const env = testEnv(options.dataDir);
  const elicitations = createElicitationBroker(events);
  const chat = await createChatModule({ env, events, tools: options.tools, elicitations });
  value(await chat.api['settings.update']({ apiBaseUrl: options.baseUrl, model: testModel, ...options.settings }));
  if (options.apiKey !== null) value(await chat.api['settings.setApiKey']({ apiKey: options.apiKey ?? 'sk-test' }));
  return { chat, events, log, elicitations, env };
}

/** A tool result with one text item. */
export function textResult(text: string, isError = false): Result<ToolResult> {
  return ok({ content: [{ type: 'text', text }], isError });
}

/** server-everything's entry point, launched as `node <it> stdio` (no npx: faster and offline). */
export const everythingScript = join(import.meta.dirname, '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js');

/** A full host (createHost) in a temp folder, pointed at the scripted LLM. */
export interface HostUnderTest {
  host: Host;
  log: EventLog;
  api: HostApi;
}

/** Starts the whole host core on `dataDir`, sets the base URL and key, and waits for the servers to settle. */
export async function startHost(options: { dataDir: string; baseUrl: string; apiKey?: string }): Promise<HostUnderTest> {
  const host = await createHost(testEnv(options.dataDir));
  const log = new EventLog(host.events);
  await host.start();
  value(await host.api['settings.update']({ apiBaseUrl: options.baseUrl, model: testModel }));
  value(await host.api['settings.setApiKey']({ apiKey: options.apiKey ?? 'sk-test' }));
  return { host, log, api: host.api };
}

/** Adds server-everything over stdio through the contract and waits until `tools` are all exposed. */
export async function addEverything(target: HostUnderTest, tools: string[] = ['get-sum', 'echo'], name = 'everything'): Promise<void> {
  value(await target.api['servers.add']({ name, config: { command: process.execPath, args: [everythingScript, 'stdio'] } }));
  await waitForTools(target, tools);
}

/** A tool to wait for: its name alone, or the name on one server (when several servers list the same name). */
export type AwaitedTool = string | { serverId: string; tool: string };

/** Waits until every listed tool is exposed and enabled (on its own server when one is named). */
export async function waitForTools(target: HostUnderTest, tools: AwaitedTool[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listed = value(await target.api['tools.list']({})).filter((t) => t.enabled);
    const exposed = (want: AwaitedTool) => (typeof want === 'string' ? listed.some((t) => t.toolName === want) : listed.some((t) => t.serverId === want.serverId && t.toolName === want.tool));
    if (tools.every(exposed)) return;
    if (Date.now() > deadline) throw new Error(`tools ${JSON.stringify(tools)} not exposed; have ${JSON.stringify(listed.map((t) => [t.serverId, t.toolName]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
