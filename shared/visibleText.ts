/**
 * Makes invisible and direction-changing characters visible in text a server controls (server and tool names,
 * descriptions). A bidi override (U+202E) can make `evil.exe` read `exe.live`, zero-width and tag characters can
 * hide words from the user that the model still reads. Each such character is shown as `⟨U+202E⟩` instead.
 * Pure: the renderer uses it too.
 */

/** First strong isolate and pop directional isolate: the plain-text form of `<bdi>`. */
const FSI = '\u2068';
const PDI = '\u2069';

/** Format characters (Cf: bidi controls, zero-width, BOM, tags...), line/paragraph separators, other controls. */
// Hangul fillers and variation selectors are alternatives of their own: inside one class they read as combined.
const HIDDEN = /[\p{Cf}\p{Cc}\u2028\u2029\u3164\uFFA0]|\u115F|\u1160|[\uFE00-\uFE0D]|[\u{E0100}-\u{E01EF}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;

/** `⟨U+202E⟩` for one code point. */
export function escapeCodePoint(char: string): string {
  return `⟨U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** True when `char` at `index` should be shown as an escape. */
function isHidden(chars: string[], index: number, multiline: boolean): boolean {
  const char = chars[index] ?? '';
  if (!HIDDEN.test(char)) return false;
  if (multiline && (char === '\n' || char === '\t' || char === '\r')) return false;
  if (char === '\u200D') {
    // A zero-width joiner inside an emoji sequence (👩‍💻) is how the emoji is drawn, not hidden text.
    const before = chars[index - 1] === '\uFE0F' ? chars[index - 2] : chars[index - 1];
    return !(before !== undefined && EMOJI.test(before) && EMOJI.test(chars[index + 1] ?? ''));
  }
  return true;
}

/**
 * `text` with every invisible or direction-changing character replaced by a visible escape. `multiline` keeps
 * newlines and tabs (descriptions); names show them as escapes too.
 */
export function revealInvisible(text: string, options: { multiline?: boolean } = {}): string {
  return revealParts(text, options).map((part) => part.text).join('');
}

/** One run of `revealParts`: plain text, or the escape of one hidden character. */
export interface VisiblePart {
  text: string;
  hidden: boolean;
}

/** `text` split into plain runs and escapes of hidden characters, so a UI can style the escapes. */
export function revealParts(text: string, options: { multiline?: boolean } = {}): VisiblePart[] {
  if (!HIDDEN.test(text)) return text === '' ? [] : [{ text, hidden: false }];
  const chars = [...text];
  const parts: VisiblePart[] = [];
  let plain = '';
  chars.forEach((char, index) => {
    if (!isHidden(chars, index, options.multiline === true)) {
      plain += char;
      return;
    }
    if (plain !== '') parts.push({ text: plain, hidden: false });
    plain = '';
    parts.push({ text: escapeCodePoint(char), hidden: true });
  });
  if (plain !== '') parts.push({ text: plain, hidden: false });
  return parts;
}

/** True when `text` holds a character `revealInvisible` would escape. */
export function hasInvisible(text: string, options: { multiline?: boolean } = {}): boolean {
  return revealInvisible(text, options) !== text;
}

/**
 * A name revealed and wrapped in directional isolates, for places that build a sentence around it (labels,
 * translated messages): right-to-left text in the name cannot reorder the words around it.
 */
export function isolateName(text: string): string {
  return `${FSI}${revealInvisible(text)}${PDI}`;
}
