/**
 * The conformance client: `node tests/conformance/client.ts <server-url>` with MCP_CONFORMANCE_SCENARIO set, as
 * @modelcontextprotocol/conformance launches it. Connects through the host's own connection layer, performs what
 * the scenario expects, and exits 0 when the host did everything it was asked (the checks themselves are the
 * conformance server's verdict).
 */
import { connectThroughHost, type HostConnection } from './hostHarness.ts';
import { scenarioContextSchema, scenarioDrivers } from './scenarioDrivers.ts';

async function main(): Promise<number> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const url = process.argv.at(-1);
  if (!scenario || !url || !/^https?:\/\//.test(url)) {
    process.stderr.write('usage: MCP_CONFORMANCE_SCENARIO=<scenario> node tests/conformance/client.ts <server-url>\n');
    return 2;
  }
  const driver = scenarioDrivers[scenario];
  if (!driver) {
    process.stderr.write(`unknown scenario ${scenario}; known: ${Object.keys(scenarioDrivers).join(', ')}\n`);
    return 2;
  }
  const context = scenarioContextSchema.parse(JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}'));
  // The harness's protocol version is informational: the host negotiates the era itself (server/discover, then initialize).
  process.stderr.write(`[client] ${scenario} at ${url} (harness version ${process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? 'unset'})\n`);
  let connection: HostConnection | undefined;
  try {
    connection = await connectThroughHost(url);
    process.stderr.write(`[client] ready: ${connection.status.era} ${connection.status.protocolVersion}\n`);
    await driver(connection, context);
    return 0;
  } catch (error) {
    process.stderr.write(`[client] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  } finally {
    await connection?.close();
  }
}

// Exit explicitly: a transport that keeps a socket open must not turn a finished scenario into a timeout.
process.exit(await main());
