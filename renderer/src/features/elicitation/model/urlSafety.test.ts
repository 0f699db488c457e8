import { describe, expect, it } from 'vitest';
import { decodePunycode, isMixedScript, reviewUrl } from './urlSafety.ts';

describe('reviewUrl', () => {
  it('splits a plain https URL with no warnings', () => {
    const review = reviewUrl('https://example.com/oauth/start?x=1#top');
    expect(review).toMatchObject({ openable: true, prefix: 'https://', host: 'example.com', rest: '/oauth/start?x=1#top', warnings: [] });
  });

  it('warns about http and refuses non-web schemes', () => {
    expect(reviewUrl('http://example.com').warnings).toEqual(['notHttps']);
    const js = reviewUrl('javascript:alert(1)');
    expect(js.openable).toBe(false);
    expect(js.warnings).toContain('notHttps');
  });

  it('shows the Unicode host of a punycode domain and flags mixed Latin/Cyrillic', () => {
    const review = reviewUrl('https://xn--pple-43d.com/login');
    expect(review.host).toBe('\u0430pple.com');
    expect(review.asciiHost).toBe('xn--pple-43d.com');
    expect(review.warnings).toEqual(expect.arrayContaining(['punycode', 'mixedScript']));
  });

  it('converts a Unicode host the server sent and still flags it', () => {
    const review = reviewUrl('https://g\u043Eogle.com/');
    expect(review.asciiHost?.startsWith('xn--')).toBe(true);
    expect(review.warnings).toEqual(expect.arrayContaining(['punycode', 'mixedScript']));
  });

  it('flags credentials placed before the real host', () => {
    const review = reviewUrl('https://bank.com@evil.example/');
    expect(review.host).toBe('evil.example');
    expect(review.warnings).toContain('userinfo');
  });

  it('does not call a single-script international domain mixed', () => {
    const review = reviewUrl('https://xn--fiqs8s.cn/');
    expect(review.host).toBe('\u4e2d\u56fd.cn');
    expect(review.warnings).toEqual(['punycode']);
  });

  it('reports an unparsable URL as invalid', () => {
    expect(reviewUrl('not a url')).toMatchObject({ openable: false, warnings: ['invalid'] });
  });
});

describe('decodePunycode', () => {
  it('decodes RFC 3492 labels', () => {
    expect(decodePunycode('mnchen-3ya')).toBe('m\u00fcnchen');
    expect(decodePunycode('fiqs8s')).toBe('\u4e2d\u56fd');
    expect(decodePunycode('!!')).toBeUndefined();
  });
});

describe('isMixedScript', () => {
  it('accepts Japanese kana with kanji and rejects Latin with Greek', () => {
    expect(isMixedScript('\u6771\u4eac\u3068\u3046\u304d\u3087\u3046')).toBe(false);
    expect(isMixedScript('p\u03b1ypal')).toBe(true);
    expect(isMixedScript('example-123')).toBe(false);
  });
});
