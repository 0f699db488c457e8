import { describe, expect, it } from 'vitest';
import {
  MAX_TOOL_NAME_LENGTH,
  TOOL_NAME_PATTERN,
  assignToolNames,
  baseToolName,
  sanitizeNamePart,
  serverNamePart,
  shortHash,
  type ToolIdentity,
} from './toolNames.ts';

const names = (tools: ToolIdentity[]) => {
  const map = assignToolNames(tools);
  return tools.map((t) => map.exposedName(t.serverId, t.toolName));
};

describe('sanitizeNamePart', () => {
  it('keeps valid ASCII names as they are', () => {
    expect(sanitizeNamePart('read_file')).toEqual({ text: 'read_file', lossy: false });
    expect(sanitizeNamePart('get-weather2')).toEqual({ text: 'get-weather2', lossy: false });
  });

  it('turns spaces, dots and slashes into single underscores and trims them at the ends', () => {
    expect(sanitizeNamePart('  My  Server.v2 / prod ').text).toBe('My_Server_v2_prod');
    expect(sanitizeNamePart('fs.read.file').text).toBe('fs_read_file');
  });

  it('strips Vietnamese diacritics into readable ASCII without calling it lossy', () => {
    expect(sanitizeNamePart('Máy chủ tệp')).toEqual({ text: 'May_chu_tep', lossy: false });
    expect(sanitizeNamePart('Đọc tài liệu').text).toBe('Doc_tai_lieu');
    expect(sanitizeNamePart('Straße Œuvre').text).toBe('Strasse_OEuvre');
  });

  it('flags Chinese, emoji and other unspellable scripts as lossy', () => {
    expect(sanitizeNamePart('文件服务器')).toEqual({ text: '', lossy: true });
    expect(sanitizeNamePart('搜索 search')).toEqual({ text: 'search', lossy: true });
    expect(sanitizeNamePart('rocket 🚀').lossy).toBe(true);
  });

  it('folds full-width letters to ASCII', () => {
    expect(sanitizeNamePart('ＡＢＣ１').text).toBe('ABC1');
  });
});

describe('baseToolName', () => {
  it('joins server and tool with a double underscore', () => {
    expect(baseToolName('filesystem', 'read_file')).toBe('filesystem__read_file');
    expect(baseToolName('My GitHub', 'create issue')).toBe('My_GitHub__create_issue');
  });

  it('gives Vietnamese server names a readable prefix', () => {
    expect(baseToolName('Máy chủ tệp', 'đọc')).toBe('May_chu_tep__doc');
  });

  it('gives Chinese server names a valid prefix that still tells servers apart', () => {
    const a = baseToolName('文件服务器', 'read');
    const b = baseToolName('网络搜索', 'read');
    expect(a).toMatch(TOOL_NAME_PATTERN);
    expect(b).toMatch(TOOL_NAME_PATTERN);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^mcp_[0-9a-f]{4}__read$/);
  });

  it('keeps the readable part of mixed names and adds a hash for what it could not spell', () => {
    expect(serverNamePart('搜索 search')).toMatch(/^search_[0-9a-f]{4}$/);
    expect(serverNamePart('搜索 search')).not.toBe(serverNamePart('搜 search'));
  });

  it('caps long names at 64 characters and keeps long names that differ only at the end apart', () => {
    const longServer = 'a-really-long-server-name-that-goes-on-and-on';
    const toolA = `${'x'.repeat(80)}_alpha`;
    const toolB = `${'x'.repeat(80)}_beta`;
    const a = baseToolName(longServer, toolA);
    const b = baseToolName(longServer, toolB);
    for (const name of [a, b]) {
      expect(name.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
      expect(name).toMatch(TOOL_NAME_PATTERN);
    }
    expect(a).not.toBe(b);
    expect(serverNamePart(longServer).length).toBeLessThanOrEqual(24);
  });

  it('never yields an empty part, even for names made only of punctuation', () => {
    expect(baseToolName('...', '???')).toMatch(/^mcp_[0-9a-f]{4}__tool_[0-9a-f]{4}$/);
  });
});

describe('assignToolNames', () => {
  it('gives every tool a valid, unique name and maps it back', () => {
    const tools: ToolIdentity[] = [
      { serverId: 'everything', toolName: 'echo' },
      { serverId: 'everything', toolName: 'add' },
      { serverId: 'memory', toolName: 'create_entities' },
      { serverId: '文件', toolName: '读取' },
      { serverId: 'Máy chủ', toolName: 'tìm kiếm' },
    ];
    const map = assignToolNames(tools);
    const exposed = tools.map((t) => map.exposedName(t.serverId, t.toolName) ?? '');
    expect(new Set(exposed).size).toBe(tools.length);
    for (const [i, name] of exposed.entries()) {
      expect(name).toMatch(TOOL_NAME_PATTERN);
      expect(map.resolve(name)).toEqual(tools[i]);
    }
    expect(map.resolve('nope__nothing')).toBeUndefined();
  });

  it('suffixes collisions and leaves the first in sorted order plain', () => {
    const tools: ToolIdentity[] = [
      { serverId: 'my server', toolName: 'run' },
      { serverId: 'my.server', toolName: 'run' },
      { serverId: 'my_server', toolName: 'run' },
    ];
    const [a, b, c] = names(tools);
    expect(a).toBe('my_server__run');
    expect(b).toMatch(/^my_server__run_[0-9a-f]{4}$/);
    expect(c).toMatch(/^my_server__run_[0-9a-f]{4}$/);
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('treats names that differ only in case as colliding', () => {
    const [a, b] = names([
      { serverId: 'Git', toolName: 'log' },
      { serverId: 'git', toolName: 'log' },
    ]);
    expect(a).toBe('Git__log');
    expect(b?.toLowerCase()).not.toBe(a?.toLowerCase());
  });

  it('does not depend on the order tools arrive in', () => {
    const tools: ToolIdentity[] = [
      { serverId: 'a b', toolName: 'x' },
      { serverId: 'a_b', toolName: 'x' },
      { serverId: 'a.b', toolName: 'x' },
      { serverId: 'other', toolName: 'x' },
      { serverId: '文件', toolName: 'x' },
    ];
    const forward = assignToolNames(tools);
    const backward = assignToolNames([...tools].reverse());
    const shuffled = assignToolNames([tools[2], tools[4], tools[0], tools[3], tools[1]] as ToolIdentity[]);
    for (const t of tools) {
      const name = forward.exposedName(t.serverId, t.toolName);
      expect(backward.exposedName(t.serverId, t.toolName)).toBe(name);
      expect(shuffled.exposedName(t.serverId, t.toolName)).toBe(name);
    }
  });

  it('keeps suffixed names stable when an unrelated server comes or goes', () => {
    const colliding: ToolIdentity[] = [
      { serverId: 'a b', toolName: 'x' },
      { serverId: 'a_b', toolName: 'x' },
    ];
    const before = assignToolNames(colliding);
    const after = assignToolNames([...colliding, { serverId: 'zzz', toolName: 'y' }]);
    for (const t of colliding) expect(after.exposedName(t.serverId, t.toolName)).toBe(before.exposedName(t.serverId, t.toolName));
  });

  it('never hands a suffixed name to a tool whose plain name already is that name', () => {
    // The colliding tool's suffix is computed first; a real tool literally named like it must keep its name.
    const suffix = shortHash('s_b\u0000t');
    const tools: ToolIdentity[] = [
      { serverId: 's b', toolName: 't' },
      { serverId: 's_b', toolName: 't' },
      { serverId: 's_b', toolName: `t_${suffix}` },
    ];
    const map = assignToolNames(tools);
    const exposed = tools.map((t) => map.exposedName(t.serverId, t.toolName));
    expect(new Set(exposed.map((n) => n?.toLowerCase())).size).toBe(3);
    expect(map.exposedName('s_b', `t_${suffix}`)).toBe(`s_b__t_${suffix}`);
  });

  it('keeps capped names within 64 characters after adding a collision suffix', () => {
    const tool = 'y'.repeat(70);
    const [a, b] = names([
      { serverId: 'srv one', toolName: tool },
      { serverId: 'srv_one', toolName: tool },
    ]);
    for (const name of [a, b]) expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(a).not.toBe(b);
  });

  it('ignores duplicate identities', () => {
    const map = assignToolNames([
      { serverId: 's', toolName: 't' },
      { serverId: 's', toolName: 't' },
    ]);
    expect(map.entries()).toEqual([{ exposedName: 's__t', serverId: 's', toolName: 't' }]);
  });

  it('names 500 tools of 20 similar servers uniquely and validly', () => {
    const tools: ToolIdentity[] = [];
    for (let s = 0; s < 20; s++) for (let t = 0; t < 25; t++) tools.push({ serverId: s % 2 ? `srv ${s >> 1}` : `srv_${s >> 1}`, toolName: `tool.${t}` });
    const map = assignToolNames(tools);
    const all = map.entries().map((e) => e.exposedName);
    expect(new Set(all.map((n) => n.toLowerCase())).size).toBe(500);
    for (const name of all) expect(name).toMatch(TOOL_NAME_PATTERN);
  });
});

describe('shortHash', () => {
  it('is deterministic hex of the requested width', () => {
    expect(shortHash('abc')).toBe(shortHash('abc'));
    expect(shortHash('abc')).toMatch(/^[0-9a-f]{4}$/);
    expect(shortHash('abc', 12)).toMatch(/^[0-9a-f]{12}$/);
    expect(shortHash('abc')).not.toBe(shortHash('abd'));
  });

  it('names and resolves servers and tools called like Object.prototype members', () => {
    const names = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
    const identities = names.flatMap((serverId) => names.map((toolName) => ({ serverId, toolName })));
    const map = assignToolNames(identities);
    const exposed = identities.map((identity) => map.exposedName(identity.serverId, identity.toolName));
    expect(new Set(exposed).size).toBe(identities.length);
    for (const [i, identity] of identities.entries()) {
      expect(exposed[i]).toMatch(TOOL_NAME_PATTERN);
      expect(map.resolve(exposed[i] ?? '')).toEqual(identity);
    }
    expect(map.resolve('constructor')).toBeUndefined();
    expect(map.exposedName('x', 'constructor')).toBeUndefined();
  });
});
