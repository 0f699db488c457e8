/** Host-side tool search: a BM25 index over tool names, titles, descriptions and parameter names. */
import type { ExposedTool } from '../../../../shared/servers.ts';
import { Bm25Index, type Bm25Document } from './bm25.ts';

// Names say most about what a tool does; parameter names least.
const weights = { name: 3, title: 2, description: 1, parameters: 1 };

function parameterText(schema: Record<string, unknown>): string {
  const properties = schema.properties;
  if (!properties || typeof properties !== 'object') return '';
  return Object.keys(properties).join(' ');
}

/** The searchable text of one tool. */
export function toolDocument(tool: ExposedTool): Bm25Document {
  return {
    id: tool.exposedName,
    fields: [
      { text: `${tool.exposedName} ${tool.toolName}`, weight: weights.name },
      { text: tool.title ?? tool.annotations?.title ?? '', weight: weights.title },
      { text: tool.description ?? '', weight: weights.description },
      { text: parameterText(tool.inputSchema), weight: weights.parameters },
    ],
  };
}

/** An index of a set of tools; rebuilt when the set changes (cheap: a few ms for thousands of tools). */
export class ToolIndex {
  private readonly index: Bm25Index;
  private readonly byName = new Map<string, ExposedTool>();

  constructor(tools: ExposedTool[]) {
    for (const tool of tools) this.byName.set(tool.exposedName, tool);
    this.index = new Bm25Index(tools.map(toolDocument));
  }

  /** The best `limit` tools for `query`, best first. */
  search(query: string, limit: number): ExposedTool[] {
    return this.index.search(query, limit).flatMap((hit) => {
      const tool = this.byName.get(hit.id);
      return tool ? [tool] : [];
    });
  }
}
