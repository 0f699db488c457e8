import { describe, expect, it } from 'vitest';
import { countTextMatches, includesText, isPlainQuery, textMatchRanges } from './textMatch.ts';

const LIMIT = 10_000;
/** The matched pieces of `text`, as a user would see them highlighted. */
const matched = (text: string, query: string) => textMatchRanges(text, query).map(([start, end]) => text.slice(start, end));

describe('text matching for in-chat find', () => {
  it('finds Vietnamese typed without its tones, and only the tones typed when the query has them', () => {
    const text = 'Hà Nội mùa thu. Ha Long, hạ long. Đường phố, duong pho.';
    expect(matched(text, 'ha noi')).toEqual(['Hà Nội']);
    expect(matched(text, 'ha long')).toEqual(['Ha Long', 'hạ long']);
    expect(matched(text, 'duong')).toEqual(['Đường', 'duong']);
    expect(matched(text, 'hạ')).toEqual(['hạ']);
    expect(matched(text, 'Đường')).toEqual(['Đường']);
    expect(countTextMatches(text, 'ha', LIMIT)).toBe(3);
    expect(countTextMatches(text, 'hà', LIMIT)).toBe(1);
  });

  it('counts what it highlights, case-folded, in any script', () => {
    const text = 'Thời tiết: 北京的天气 and TIẾT; ΟΔΟΣ οδος; İstanbul';
    for (const query of ['tiet', 'tiết', '天气', 'οδος', 'ΟΔΟΣ', 'istanbul', 'i̇stanbul', 'x']) {
      expect(countTextMatches(text, query, LIMIT), query).toBe(textMatchRanges(text, query).length);
    }
    expect(matched(text, 'tiet')).toEqual(['tiết', 'TIẾT']);
    expect(matched(text, '天气')).toEqual(['天气']);
    expect(matched(text, 'οδος')).toEqual(['ΟΔΟΣ', 'οδος']);
  });

  it('keeps the marks of decomposed letters inside the match', () => {
    const decomposed = 'Ha\u0300 No\u0323\u0302i'.normalize('NFD');
    expect(matched(decomposed, 'ha noi')).toEqual([decomposed]);
  });

  it('tells a plain query from one with diacritics', () => {
    expect(isPlainQuery('ha noi')).toBe(true);
    expect(isPlainQuery('天气')).toBe(true);
    expect(isPlainQuery('Hà')).toBe(false);
    expect(isPlainQuery('đi')).toBe(false);
  });

  it('counts non-overlapping matches up to the limit, and nothing for an empty query', () => {
    expect(countTextMatches('aaaa', 'aa', LIMIT)).toBe(2);
    expect(countTextMatches('aaaa', 'a', 3)).toBe(3);
    expect(countTextMatches('abc', '', LIMIT)).toBe(0);
    expect(textMatchRanges('abc', '')).toEqual([]);
  });
});

describe('includesText (the sidebar search checks its terms with it)', () => {
  it('follows the query kind by default, or the kind it is given', () => {
    expect(includesText('Thời tiết Hà Nội', 'ha noi')).toBe(true);
    expect(includesText('Con ĐƯỜNG', 'duong')).toBe(true);
    expect(includesText('ha long', 'hà')).toBe(false);
    expect(includesText('HÀ NỘI', 'hà nội')).toBe(true);
    // Checked as part of a query with diacritics, a plain term matches only plain letters.
    expect(includesText('Hà Nội', 'noi', false)).toBe(false);
    expect(includesText('Hà noi', 'noi', false)).toBe(true);
    expect(includesText('anything', '')).toBe(false);
  });
});
