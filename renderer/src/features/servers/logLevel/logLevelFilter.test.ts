import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../../../../shared/servers.ts';
import { filterLines } from './logLevelFilter.ts';

const line = (seq: number, stream: LogLine['stream'], level?: string): LogLine => ({ serverId: 's', seq, at: seq, stream, text: `line ${seq}`, ...(level ? { level } : {}) });

describe('filterLines', () => {
  const lines = [line(1, 'server', 'debug'), line(2, 'server', 'info'), line(3, 'stderr'), line(4, 'server', 'warning'), line(5, 'host'), line(6, 'server', 'emergency')];

  it('shows everything for "all"', () => {
    expect(filterLines(lines, 'all')).toHaveLength(6);
  });

  it('hides server messages below the level, keeps lines that have no level', () => {
    expect(filterLines(lines, 'warning').map((l) => l.seq)).toEqual([3, 4, 5, 6]);
    expect(filterLines(lines, 'info').map((l) => l.seq)).toEqual([2, 3, 4, 5, 6]);
  });
});
