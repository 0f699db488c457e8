import { describe, expect, it } from 'vitest';
import type { ToolSummary } from '../../../../../shared/servers.ts';
import { createToolFilter, toolHaystack } from './toolFilter.ts';

const tools: ToolSummary[] = Array.from({ length: 5000 }, (_, i) => ({
  exposedName: `many__tool_${String(i).padStart(5, '0')}`,
  serverId: 'many',
  toolName: `tool_${String(i).padStart(5, '0')}`,
  description: i % 7 === 0 ? `Reads Ünïcode Row ${i}` : `Does thing number ${i}`,
  enabled: true,
  approval: 'ask',
}));

/** What every keystroke computed before: a scan of every tool's text. */
const naive = (query: string) => {
  const q = query.trim().toLowerCase();
  return q ? tools.filter((tool) => toolHaystack(tool).includes(q)) : tools;
};

describe('createToolFilter', () => {
  it('answers what a full scan answers, in list order, for narrowing, widening and unrelated queries', () => {
    const filter = createToolFilter(tools);
    for (const query of ['4', '49', '499', '4999', '499', '49', '4', '40', ' ROW 7', 'row 70', 'ünï', 'zzz', '', 'number 4321']) {
      expect(filter.filter(query).map((t) => t.toolName)).toEqual(naive(query).map((t) => t.toolName));
    }
  });

  it('narrows the previous matches instead of scanning every tool when the query grows', () => {
    const filter = createToolFilter(tools);
    filter.filter('4');
    const afterFirst = filter.tested;
    expect(afterFirst).toBe(5000);
    const matchesOf4 = filter.filter('4').length;
    filter.filter('49');
    expect(filter.tested - afterFirst).toBe(matchesOf4);
    expect(matchesOf4).toBeLessThan(5000);
  });

  it('answers a query typed before (Backspace) from memory, testing no tool', () => {
    const filter = createToolFilter(tools);
    for (const query of ['4', '49', '499']) filter.filter(query);
    const tested = filter.tested;
    expect(filter.filter('49').map((t) => t.toolName)).toEqual(naive('49').map((t) => t.toolName));
    expect(filter.filter('4')).toHaveLength(naive('4').length);
    expect(filter.tested).toBe(tested);
  });

  it('gives back the very list when there is no query', () => {
    const filter = createToolFilter(tools);
    expect(filter.filter('  ')).toBe(tools);
    expect(filter.tested).toBe(0);
  });
});
