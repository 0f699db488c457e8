import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateServerEntry } from './importConfig.ts';
import { ownValue, recordFrom, recordSchema } from './ownRecord.ts';
import { serverConfigSchema } from './serverConfig.ts';

const PROTO_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

describe('records keyed by untrusted names', () => {
  it('keeps every name as an own entry, __proto__ included (z.record drops it)', () => {
    const schema = recordSchema(z.string(), z.number());
    for (const name of PROTO_NAMES) {
      const parsed = schema.parse(JSON.parse(`{ "${name}": 1, "x": 2 }`));
      expect(Object.keys(parsed), name).toEqual([name, 'x']);
      expect(ownValue(parsed, name)).toBe(1);
      expect(JSON.parse(JSON.stringify(parsed))).toEqual(JSON.parse(`{ "${name}": 1, "x": 2 }`));
    }
  });

  it('reads no Object.prototype member for a missing name', () => {
    const parsed = recordSchema(z.string(), z.number()).parse({ x: 1 });
    for (const name of PROTO_NAMES) expect(ownValue(parsed, name), name).toBeUndefined();
    expect(ownValue({ a: 1 }, 'constructor')).toBeUndefined();
    expect(ownValue(undefined, 'a')).toBeUndefined();
  });

  it('names the key and field at fault like z.record did', () => {
    expect(validateServerEntry({ command: 'x', env: { 'NOT-OK': '1' } })).toMatchObject({ ok: false, field: 'env.NOT-OK' });
    expect(validateServerEntry({ command: 'x', tools: { constructor: { approval: 'sometimes' } } })).toMatchObject({ ok: false, field: 'tools.constructor.approval' });
    expect(recordSchema(z.string(), z.number()).safeParse([1]).success).toBe(false);
  });

  it('keeps per-tool settings of a tool named __proto__ through the server config schema', () => {
    const parsed = serverConfigSchema.parse(JSON.parse('{ "command": "x", "tools": { "__proto__": { "approval": "deny" } }, "env": { "__proto__": "v" } }'));
    expect(ownValue(parsed.tools, '__proto__')).toEqual({ approval: 'deny' });
    expect('env' in parsed ? ownValue(parsed.env, '__proto__') : undefined).toBe('v');
  });

  it('recordFrom builds a null-prototype object that stores __proto__ as data', () => {
    const built = recordFrom([['__proto__', 1]]);
    expect(Object.getPrototypeOf(built)).toBeNull();
    expect(Object.keys(built)).toEqual(['__proto__']);
  });
});
