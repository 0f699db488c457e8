import { describe, expect, it } from 'vitest';
import { parse as parseFresh, postprocess, preprocess } from 'micromark';
import type { ParseContext } from 'micromark-util-types';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { unified } from 'unified';
import { parse as parseKept } from './keptParse.ts';

// The syntax extensions the app's pipeline uses, as one list (the same array on every call, as remark-parse passes it).
const extensions = unified().use(remarkGfm).use(remarkMath).freeze().data('micromarkExtensions') ?? [];

/** micromark's events for `doc` from a context, as text: what mdast-util-from-markdown builds its tree from. */
function events(context: ParseContext, doc: string): string[] {
  return postprocess(context.document().write(preprocess()(doc, undefined, true))).map(([kind, token]) => `${kind}:${token.type}:${token.start.offset}-${token.end.offset}`);
}

const defines = '[x]: https://a.example\n\nSee [x].\n\nA footnote[^1].\n\n[^1]: the note';
const uses = 'See [x] and the footnote[^1], which this document does not define.';
const lazy = '> a quote\nits lazy line\n\n- an item\n  continued\nlazy too';
const tableAndMath = '| a | b |\n| - | - |\n| 1 | 2 |\n\n$$\nx^2\n$$\n\nInline $y$ and ~~struck~~ text.';

describe('keptParse', () => {
  it('parses each document exactly as a fresh micromark parse, one after another', () => {
    for (const doc of [defines, uses, lazy, tableAndMath, uses, defines, lazy, uses]) {
      expect(events(parseKept({ extensions }), doc)).toEqual(events(parseFresh({ extensions }), doc));
    }
  });

  it('keeps one context per extension list, emptied of what the last document defined', () => {
    const first = parseKept({ extensions });
    events(first, defines);
    expect(first.defined.length).toBeGreaterThan(0);
    const second = parseKept({ extensions });
    expect(second).toBe(first);
    expect(second.defined).toEqual([]);
    expect(Object.keys(second).sort()).toEqual(['constructs', 'content', 'defined', 'document', 'flow', 'lazy', 'string', 'text']);
    // Another list (react-markdown makes one per render) gets a context of its own.
    expect(parseKept({ extensions: [...extensions] })).not.toBe(first);
  });
});
