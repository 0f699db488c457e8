// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { countMatches } from '../../../../../shared/find.ts';
import { textRanges } from './findHighlight.ts';

function rendered(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('find highlight ranges', () => {
  it('marks what a query typed without tones matches, letters with their marks, and counts the same', () => {
    const text = 'Thời tiết ở Hà Nội và Hạ Long; ha noi.';
    const root = rendered(`<p>${text}</p>`);
    expect(textRanges(root, 'ha noi').map((range) => range.toString())).toEqual(['Hà Nội', 'ha noi']);
    expect(textRanges(root, 'ha').map((range) => range.toString())).toEqual(['Hà', 'Hạ', 'ha']);
    expect(textRanges(root, 'ha')).toHaveLength(countMatches(text, 'ha'));
    expect(textRanges(root, 'Hạ').map((range) => range.toString())).toEqual(['Hạ']);
  });

  it('marks matches in every text node, in document order, case-folded', () => {
    const root = rendered('<p>Zebra <b>zebra</b></p><pre>ZEBRA</pre>');
    expect(textRanges(root, 'zebra').map((range) => range.toString())).toEqual(['Zebra', 'zebra', 'ZEBRA']);
    expect(textRanges(root, '')).toEqual([]);
  });
});
