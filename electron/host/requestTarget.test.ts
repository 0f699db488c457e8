import { describe, expect, it } from 'vitest';
import { parseRequestTarget } from './requestTarget.ts';

describe('parseRequestTarget', () => {
  it('reads origin-form as a path, even when it looks like a host (`//x:99999` made new URL(target, base) throw)', () => {
    expect(parseRequestTarget('//x:99999')).toMatchObject({ pathname: '//x:99999' });
    expect(parseRequestTarget('//[')).toMatchObject({ pathname: '//[' });
    const target = parseRequestTarget('/callback?state=a%20b&code=%zz#frag');
    expect(target?.pathname).toBe('/callback');
    expect(target?.query.get('state')).toBe('a b');
    expect(target?.query.get('code')).toBe('%zz');
  });

  it('parses absolute-form and refuses what cannot be parsed or served', () => {
    expect(parseRequestTarget('http://127.0.0.1:1/ws?token=t')).toMatchObject({ pathname: '/ws' });
    for (const bad of [undefined, '', 'http://[', 'http://a:b@[::1', 'https://[::1]:99999/', '*', 'example.com:443', 'javascript:alert(1)', '/a b', '/a\u0000']) {
      expect(parseRequestTarget(bad), String(bad)).toBeUndefined();
    }
  });
});
