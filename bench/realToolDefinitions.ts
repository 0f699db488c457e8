/** The real tool definitions of server-everything, server-filesystem and server-memory, listed once through a real MCP client. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ServerTool } from '../electron/host/mcp/types.ts';

const modules = join(import.meta.dirname, '..', 'node_modules', '@modelcontextprotocol');

/** Lists the tools of the three real servers, in a fixed order. */
export async function realToolDefinitions(): Promise<ServerTool[]> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-tools-'));
  const launches: string[][] = [
    [join(modules, 'server-everything', 'dist', 'index.js'), 'stdio'],
    [join(modules, 'server-filesystem', 'dist', 'index.js'), dir],
    [join(modules, 'server-memory', 'dist', 'index.js')],
  ];
  const out: ServerTool[] = [];
  try {
    for (const args of launches) {
      const client = new Client({ name: 'bench-tools', version: '0.0.0' }, {});
      const env: Record<string, string> = { PATH: process.env.PATH ?? '', MEMORY_FILE_PATH: join(dir, 'memory.json') };
      const transport = new StdioClientTransport({ command: process.execPath, args, env, stderr: 'pipe' });
      transport.stderr?.on('data', () => {});
      await client.connect(transport);
      const { tools } = await client.listTools();
      for (const tool of tools) {
        out.push({
          name: tool.name,
          ...(tool.title ? { title: tool.title } : {}),
          ...(tool.description ? { description: tool.description } : {}),
          inputSchema: tool.inputSchema,
          ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
          ...(tool.annotations ? { annotations: tool.annotations } : {}),
        });
      }
      await client.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
