import { describe, expect, it } from 'vitest';
import type { ServerView } from '../../../../shared/servers.ts';
import { defaultSettings } from '../../../../shared/settings.ts';
import { HostEventHub } from '../../events.ts';
import { instructionsOf, instructionsSection, perServerInstructionsCap, totalInstructionsCap, trackServerInstructions, withServerInstructions } from './serverInstructions.ts';

const ready = (id: string, instructions: string | undefined, enabled = true): ServerView => ({
  id,
  transport: 'stdio',
  config: { command: 'x', enabled },
  status: {
    state: 'ready', since: 0, era: 'legacy', protocolVersion: '2025-11-25', serverName: id, serverVersion: '1', ...(instructions !== undefined ? { instructions } : {}),
    capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
    counts: { tools: 0, resources: 0, prompts: 0 }, warnings: [],
  },
});

describe('server instructions section', () => {
  it('takes ready, enabled servers with instructions, ordered by id (stable for prompt caching)', () => {
    const views = [ready('zeta', 'Z'), ready('alpha', 'A'), ready('off', 'O', false), ready('none', undefined), ready('blank', '  ')];
    expect(instructionsOf(views).map((e) => e.serverId)).toEqual(['alpha', 'zeta']);
    const connecting: ServerView = { ...ready('c', 'C'), status: { state: 'connecting', since: 0 } };
    expect(instructionsOf([connecting])).toEqual([]);
  });

  it('caps each server and the whole section, saying what was left out', () => {
    const long = 'x'.repeat(5_000);
    const entries = Array.from({ length: 6 }, (_, i) => ({ serverId: `s${i}`, serverName: `s${i}`, text: long }));
    const section = instructionsSection(entries);
    expect(section).toContain(`[… ${5_000 - perServerInstructionsCap} more characters left out]`);
    expect((section.match(/x/g) ?? []).length).toBeLessThanOrEqual(totalInstructionsCap);
    expect(section).toContain('Instructions of 2 more server(s) left out');
    expect(section.length).toBeLessThan(totalInstructionsCap + 2_000);
  });

  it('makes hidden characters visible and is empty without servers', () => {
    expect(instructionsSection([{ serverId: 'a', serverName: 'a', text: 'hi\u200Bthere\nnext' }])).toContain('hi⟨U+200B⟩there\nnext');
    expect(instructionsSection([])).toBe('');
  });

  it('is built once per server list and follows every change of the servers', () => {
    const events = new HostEventHub();
    const current = trackServerInstructions(events);
    events.emit('servers.changed', { changed: [ready('alpha', 'Use alpha\u200B well.')], order: ['alpha'] });
    const first = current();
    // The same list each turn until a server changes: the section is the one already built.
    expect(current()).toBe(first);
    expect(instructionsSection(current())).toBe(instructionsSection(first));
    expect(instructionsSection(first)).toContain('Use alpha⟨U+200B⟩ well.');
    events.emit('servers.changed', { changed: [ready('beta', 'Beta rules.')], order: ['alpha', 'beta'] });
    expect(current()).not.toBe(first);
    const section = withServerInstructions({ ...defaultSettings, systemPrompt: 'Be brief.' }, current()).systemPrompt;
    expect(section).toMatch(/^Be brief\.\n\n# Instructions from connected MCP servers/);
    expect(section).toContain('Beta rules.');
    events.emit('servers.changed', { changed: [ready('alpha', 'Changed.')], order: ['alpha', 'beta'] });
    expect(instructionsSection(current())).toContain('Changed.');
    expect(instructionsSection(current())).not.toContain('Use alpha');
    events.emit('servers.changed', { changed: [], order: [] });
    expect(instructionsSection(current())).toBe('');
  });
});
