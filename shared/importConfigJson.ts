/** JSON with comments and trailing commas (as VS Code and hand-edited configs have it), parsed without a dependency. */

/** A parse failure with a position a user can find in their editor. */
export interface JsonProblem {
  message: string;
  /** The parser's own reason (JSON.parse's words), without the quoted input. */
  reason?: string;
  line?: number;
  column?: number;
}

/**
 * Blanks out `//` and `/* *\/` comments outside strings, keeping every newline and character position, so the
 * positions JSON.parse reports still point into the user's original text.
 */
export function stripJsonComments(text: string): string {
  const out = text.split('');
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') {
      i = skipString(text, i);
    } else if (char === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') out[i++] = ' ';
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      for (; i < stop; i++) if (text[i] !== '\n' && text[i] !== '\r') out[i] = ' ';
    } else {
      i++;
    }
  }
  return out.join('');
}

/** Index just past the string literal that opens at `start`, honouring backslash escapes. */
function skipString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else if (text[i] === '\n') return i; // an unterminated string: let JSON.parse name the line
    else i++;
  }
  return i;
}

/** Blanks commas that only whitespace separates from a closing `}` or `]` (run after comments are gone). */
export function stripTrailingCommas(text: string): string {
  const out = text.split('');
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') {
      i = skipString(text, i);
      continue;
    }
    if (char === ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j] ?? '')) j++;
      if (text[j] === '}' || text[j] === ']') out[i] = ' ';
    }
    i++;
  }
  return out.join('');
}

/** Line and column (1-based) of a character offset. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Parses JSON that may carry comments, trailing commas or a byte-order mark; errors name the line and column. */
export function parseJsonc(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonProblem } {
  const source = text.replace(/^\uFEFF/, '');
  if (source.trim() === '') return { ok: false, problem: { message: 'The document is empty' } };
  const cleaned = stripTrailingCommas(stripJsonComments(source));
  try {
    return { ok: true, value: JSON.parse(cleaned) as unknown };
  } catch (cause) {
    const raw = cause instanceof Error ? cause.message : String(cause);
    const at = /position (\d+)/.exec(raw);
    const offset = at?.[1] !== undefined ? Number(at[1]) : undefined;
    // V8 quotes the whole input in some messages; keep only the reason so secrets in the text are not echoed.
    const reason = raw.replace(/,?\s*"[\s\S]*" is not valid JSON$/, '').replace(/\s*in JSON at position \d+.*$/, '').trim();
    if (offset === undefined) return { ok: false, problem: { message: `Not valid JSON: ${reason || raw}`, reason: reason || raw } };
    const { line, column } = positionOf(source, offset);
    return { ok: false, problem: { message: `Not valid JSON at line ${line}, column ${column}: ${reason}`, reason, line, column } };
  }
}
