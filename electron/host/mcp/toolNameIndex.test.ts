import { describe, expect, it } from 'vitest';
import { assignToolNames } from '../../../shared/toolNames.ts';
import { ToolNameIndex } from './toolNameIndex.ts';

/** A small deterministic PRNG so a failure replays. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Server and tool names chosen to collide: same sanitized server part, case-only differences, long names cut to 64.
const servers = ['my server', 'my_server', 'My-Server', 'files', 'máy chủ', '工具', 'x'.repeat(40), 'alpha'];
const toolPool = ['run', 'Run', 'read file', 'read_file', 'read-file', 'echo', 'y'.repeat(70), `${'y'.repeat(70)}z`, '搜索', 'get'];

const expectSameAsWholeSet = (index: ToolNameIndex, current: Map<string, Set<string>>) => {
  const whole = assignToolNames([...current].flatMap(([serverId, tools]) => [...tools].map((toolName) => ({ serverId, toolName }))));
  for (const entry of whole.entries()) {
    expect(index.exposedName(entry.serverId, entry.toolName)).toBe(entry.exposedName);
    expect(index.resolve(entry.exposedName)).toEqual({ serverId: entry.serverId, toolName: entry.toolName });
  }
};

describe('incremental tool names', () => {
  it('always equal the names of the whole set, through random connects, changes and removals', () => {
    const next = random(12);
    const pick = <T,>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
    for (let run = 0; run < 30; run++) {
      const index = new ToolNameIndex();
      const current = new Map<string, Set<string>>();
      for (let step = 0; step < 40; step++) {
        const serverId = pick(servers);
        const tools = next() < 0.2 ? new Set<string>() : new Set(toolPool.filter(() => next() < 0.4));
        index.setServer(serverId, tools);
        if (tools.size === 0) current.delete(serverId);
        else current.set(serverId, tools);
        expectSameAsWholeSet(index, current);
      }
    }
  });

  it('reports only the names that changed: other servers keep theirs, a collision partner is renamed', () => {
    const index = new ToolNameIndex();
    index.setServer('alpha', ['one', 'two']);
    expect(index.setServer('beta', ['three'])).toEqual([{ serverId: 'beta', toolName: 'three', after: 'beta__three' }]);
    index.setServer('my_server', ['run']);
    const changes = index.setServer('my server', ['run']);
    // "my server" sorts first, so it takes the plain name and its partner gets the suffix, as for the whole set.
    expect(changes.map((c) => c.serverId).sort()).toEqual(['my server', 'my_server']);
    expect(index.exposedName('my server', 'run')).toBe('my_server__run');
    expect(index.exposedName('my_server', 'run')).toMatch(/^my_server__run_[0-9a-f]{4}$/);
    expect(index.exposedName('alpha', 'one')).toBe('alpha__one');
  });
});
