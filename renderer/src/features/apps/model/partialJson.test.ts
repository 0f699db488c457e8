import { describe, expect, it } from 'vitest';
import { parsePartialObject } from './partialJson.ts';

describe('tool input streamed to an app', () => {
  it('reads what has arrived of an object cut anywhere', () => {
    expect(parsePartialObject('{"city": "Hà N')).toEqual({ city: 'Hà N' });
    expect(parsePartialObject('{"days": [1, 2')).toEqual({ days: [1, 2] });
    expect(parsePartialObject('{"a": {"b": [{"c": "x"}')).toEqual({ a: { b: [{ c: 'x' }] } });
  });

  it('drops a key whose value has not started, keeping the values before it', () => {
    expect(parsePartialObject('{"a": 1, "b"')).toEqual({ a: 1 });
    expect(parsePartialObject('{"a": 1, "b":')).toEqual({ a: 1 });
    expect(parsePartialObject('{"a": 1,')).toEqual({ a: 1 });
    expect(parsePartialObject('{"a"')).toEqual({});
  });

  it('does not count brackets inside strings, and gives nothing for what is not an object', () => {
    expect(parsePartialObject('{"q": "[{\\"')).toEqual({ q: '[{"' });
    expect(parsePartialObject('[1, 2')).toBeUndefined();
    expect(parsePartialObject('not json')).toBeUndefined();
  });
});
