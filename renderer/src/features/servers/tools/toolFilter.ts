/**
 * Filtering a server's tools as the user types. The lower-cased text of every tool is built once per tool list; a
 * query that extends the previous one only narrows the previous matches (whatever contains "499" contains "49"),
 * and recent queries are remembered, so Backspace answers from memory. Each keystroke no longer scans every tool.
 */
import type { ToolSummary } from '../../../../../shared/servers.ts';

/** Recent queries kept per list (typing, then deleting back). */
const REMEMBERED = 32;

/** Lower-cased text a filter query is matched against: name, title and description. */
export const toolHaystack = (tool: ToolSummary): string =>
  `${tool.toolName} ${tool.title ?? ''} ${tool.annotations?.title ?? ''} ${tool.description ?? ''}`.toLowerCase();

/** A tool list's filter: `filter(query)` answers the matching tools, in list order. */
export interface ToolFilter {
  readonly tools: readonly ToolSummary[];
  filter(query: string): readonly ToolSummary[];
  /** How many tools' texts were tested so far (what a keystroke cost; tests read it). */
  readonly tested: number;
}

/** Builds the filter of `tools`: their texts once, then queries answered by narrowing or from memory. */
export function createToolFilter(tools: readonly ToolSummary[]): ToolFilter {
  let texts: string[] | undefined;
  const remembered = new Map<string, number[]>();
  let last: { query: string; positions: number[] } | undefined;
  let tested = 0;
  const scan = (query: string, from: Iterable<number>, all: string[]): number[] => {
    const out: number[] = [];
    for (const i of from) {
      tested++;
      if (all[i]?.includes(query)) out.push(i);
    }
    return out;
  };
  return {
    tools,
    get tested() {
      return tested;
    },
    filter(raw) {
      const query = raw.trim().toLowerCase();
      if (!query) return tools;
      texts ??= tools.map(toolHaystack);
      let positions = remembered.get(query);
      if (!positions) {
        positions = last && query.includes(last.query) ? scan(query, last.positions, texts) : scan(query, texts.keys(), texts);
        remembered.set(query, positions);
        if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value ?? '');
      }
      last = { query, positions };
      return positions.map((i) => tools[i]).filter((tool): tool is ToolSummary => tool !== undefined);
    },
  };
}
