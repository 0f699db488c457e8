/** What the host does in each conformance scenario once connected: the calls a user (or the model) would make. */
import { z } from 'zod';
import type { ToolResult } from '../../shared/servers.ts';
import type { HostConnection } from './hostHarness.ts';

/** Scenario data the conformance package passes in MCP_CONFORMANCE_CONTEXT. */
export const scenarioContextSchema = z
  .object({ toolCalls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })).optional() })
  .passthrough();
/** Scenario data the conformance package passes in MCP_CONFORMANCE_CONTEXT. */
export type ScenarioContext = z.infer<typeof scenarioContextSchema>;

/** Drives one scenario over a ready connection; throws when the host fails at something the scenario needs. */
export type ScenarioDriver = (connection: HostConnection, context: ScenarioContext) => Promise<void>;

function log(message: string): void {
  process.stderr.write(`[scenario] ${message}\n`);
}

/** Calls a tool through the manager; `mustSucceed` turns an error result into a thrown error (the client then exits non-zero). */
async function callTool(connection: HostConnection, name: string, args: Record<string, unknown>, mustSucceed = true): Promise<ToolResult | undefined> {
  const result = await connection.manager.callTool(connection.serverId, name, args);
  if (!result.ok) {
    log(`tools/call ${name} -> error ${result.error.code}: ${result.error.message}`);
    if (mustSucceed) throw new Error(`tools/call ${name} failed: ${result.error.message}`);
    return undefined;
  }
  log(`tools/call ${name} -> ${JSON.stringify(result.value)}`);
  if (mustSucceed && result.value.isError) throw new Error(`tools/call ${name} returned isError`);
  return result.value;
}

function requireTool(connection: HostConnection, name: string) {
  const tool = connection.catalog.tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`the server's tool ${name} is not in the host's catalog (have: ${connection.catalog.tools.map((t) => t.name).join(', ')})`);
  return tool;
}

/** Connecting already lists tools (and prompts and resources when offered): nothing more to do. */
const connectOnly: ScenarioDriver = () => Promise.resolve();

const toolsCall: ScenarioDriver = async (connection) => {
  requireTool(connection, 'add_numbers');
  await callTool(connection, 'add_numbers', { a: 5, b: 3 });
};

/** The tool asks for input through elicitation; the stand-in user accepts with the schema's defaults. */
const elicitationDefaults: ScenarioDriver = async (connection) => {
  requireTool(connection, 'test_client_elicitation_defaults');
  await callTool(connection, 'test_client_elicitation_defaults', {});
};

/** The server closes the call's SSE stream mid-call; the transport must reconnect (retry delay, Last-Event-ID) and get the answer. */
const sseRetry: ScenarioDriver = async (connection) => {
  requireTool(connection, 'test_reconnection');
  await callTool(connection, 'test_reconnection', {});
};

/** Multi-round tool calls: the server answers input_required; the host fulfils the embedded elicitation and retries. */
const multiRound: ScenarioDriver = async (connection) => {
  for (const name of ['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_unrelated']) await callTool(connection, name, {});
  // A 2026 result without resultType is a protocol violation the SDK rejects locally; the check is only that no retry follows.
  await callTool(connection, 'test_mrtr_no_result_type', {}, false);
};

/** One call of each kind that carries Mcp-Method / Mcp-Name headers: a tool, a resource read, a prompt. */
const standardHeaders: ScenarioDriver = async (connection) => {
  const tool = connection.catalog.tools[0];
  if (tool) await callTool(connection, tool.name, {});
  const resources = await connection.manager.listResources(connection.serverId);
  if (!resources.ok) throw new Error(`resources/list failed: ${resources.error.message}`);
  const resource = resources.value.resources[0];
  if (resource) {
    const read = await connection.manager.readResource(connection.serverId, resource.uri);
    if (!read.ok) throw new Error(`resources/read failed: ${read.error.message}`);
  }
  const prompt = connection.catalog.prompts[0];
  if (prompt) {
    const got = await connection.manager.getPrompt(connection.serverId, prompt.name, {});
    if (!got.ok) throw new Error(`prompts/get failed: ${got.error.message}`);
  }
};

/** The calls the scenario asks for, with argument values the host must mirror into Mcp-Param-* headers. */
const customHeaders: ScenarioDriver = async (connection, context) => {
  const calls = context.toolCalls ?? [];
  if (calls.length === 0) throw new Error('MCP_CONFORMANCE_CONTEXT carried no toolCalls');
  for (const call of calls) await callTool(connection, call.name, call.arguments);
};

/** Calls every tool the host kept: tools with invalid x-mcp-header declarations must not be in the catalog at all. */
const invalidToolHeaders: ScenarioDriver = async (connection) => {
  log(`catalog after exclusion: ${connection.catalog.tools.map((tool) => tool.name).join(', ')}`);
  for (const tool of connection.catalog.tools) await callTool(connection, tool.name, { region: 'us-west1' }, false);
};

/** Hands the focal tool's inputSchema back exactly as the host keeps it, so the server can see what survived. */
const schemaPreservation: ScenarioDriver = async (connection) => {
  const focal = requireTool(connection, 'json_schema_2020_12_tool');
  await callTool(connection, 'json_schema_echo', { schema: focal.inputSchema });
};

/** Drivers by scenario name. */
export const scenarioDrivers: Record<string, ScenarioDriver> = {
  initialize: connectOnly,
  tools_call: toolsCall,
  'elicitation-sep1034-client-defaults': elicitationDefaults,
  'sse-retry': sseRetry,
  'request-metadata': connectOnly,
  'sep-2322-client-request-state': multiRound,
  'http-standard-headers': standardHeaders,
  'http-custom-headers': customHeaders,
  'http-invalid-tool-headers': invalidToolHeaders,
  'json-schema-ref-no-deref': connectOnly,
  'json-schema-2020-12-preservation': schemaPreservation,
};
