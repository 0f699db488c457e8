/** A stdio MCP server with `argv[2]` tools (default 5,000), each with a description and a small schema, for the servers-ui bench. */
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const count = Number(process.argv[2] ?? 5000);
const tools = Array.from({ length: count }, (_, i) => ({
  name: `tool_${String(i).padStart(5, '0')}`,
  description: `Looks up record ${i} in the inventory and answers its fields, the owner and when it last changed.`,
  inputSchema: { type: 'object' as const, properties: { id: { type: 'string', description: 'Record id' }, verbose: { type: 'boolean' } }, required: ['id'] },
}));

serveStdio(() => {
  const server = new Server({ name: 'many-tools', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools }));
  server.setRequestHandler('tools/call', (request) => ({ content: [{ type: 'text', text: `ran ${request.params.name}` }] }));
  return server;
});
