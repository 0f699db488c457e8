import { describe, expect, it } from 'vitest';
import { escapeCodePoint, hasInvisible, isolateName, revealInvisible, revealParts } from './visibleText.ts';

describe('visible text', () => {
  it('shows bidi controls, isolates and overrides as escapes', () => {
    expect(revealInvisible('evil\u202Eexe.txt')).toBe('evil⟨U+202E⟩exe.txt');
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]) {
      const char = String.fromCodePoint(code);
      expect(revealInvisible(`a${char}b`), code.toString(16)).toBe(`a${escapeCodePoint(char)}b`);
    }
  });

  it('shows zero-width characters, BOM, separators and tag characters', () => {
    for (const code of [0x200b, 0x200c, 0x200d, 0xfeff, 0x2028, 0x2029, 0x2060, 0x00ad, 0xe0041, 0xe0100, 0x3164]) {
      const char = String.fromCodePoint(code);
      expect(revealInvisible(`x${char}y`), code.toString(16)).toContain(`⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`);
    }
    // "Ignore previous instructions" spelled in invisible tag characters stays readable as escapes, not hidden.
    const smuggled = [...'Hi'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    expect(revealInvisible(`ok${smuggled}`)).toBe('ok⟨U+E0048⟩⟨U+E0069⟩');
  });

  it('keeps ordinary text, accents, CJK and emoji sequences as they are', () => {
    for (const text of ['Máy chủ GitHub', '文件系统', 'שרת', '👩‍💻 dev', '❤️‍🔥', 'a-b_c.d']) expect(revealInvisible(text)).toBe(text);
    expect(hasInvisible('plain')).toBe(false);
    expect(hasInvisible('a\u200Bb')).toBe(true);
  });

  it('keeps newlines in descriptions but shows them in names', () => {
    expect(revealInvisible('line 1\nline 2\tend', { multiline: true })).toBe('line 1\nline 2\tend');
    expect(revealInvisible('name\nnext')).toBe('name⟨U+000A⟩next');
    expect(revealInvisible('a\u2028b', { multiline: true })).toBe('a⟨U+2028⟩b');
  });

  it('wraps a name in directional isolates for use inside a sentence', () => {
    expect(isolateName('x\u202Ey')).toBe('\u2068x⟨U+202E⟩y\u2069');
  });

  it('splits text into plain runs and escapes for styling', () => {
    expect(revealParts('a\u200Bb\u202E')).toEqual([
      { text: 'a', hidden: false }, { text: '⟨U+200B⟩', hidden: true }, { text: 'b', hidden: false }, { text: '⟨U+202E⟩', hidden: true },
    ]);
    expect(revealParts('')).toEqual([]);
  });
});
