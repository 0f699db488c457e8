/**
 * Prepares chat Markdown for remark-math: LaTeX's `\(…\)` and `\[…\]` become `$…$` and a `$$` block, and a single
 * `$` that cannot be inline math is escaped, so prices ("$5 and $10") stay text. Code spans and fenced code are left
 * exactly as written.
 *
 * A single `$` pair is math only under Pandoc's rule: the opening `$` has a non-space character right after it, the
 * closing `$` has a non-space character right before it and is not followed by a digit, and both are in one paragraph.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const MATH_FENCE = /^ {0,3}\$\$[^$]*$/;

/** The text with LaTeX delimiters turned into remark-math's and stray dollars escaped. */
export function prepareMath(text: string): string {
  // Fast path: most replies have no math at all.
  if (!text.includes('$') && !text.includes('\\(') && !text.includes('\\[')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  let inMathBlock = false;
  let paragraph: string[] = [];
  const flush = (): void => {
    if (paragraph.length > 0) out.push(convertInline(paragraph.join('\n')));
    paragraph = [];
  };
  for (const line of lines) {
    if (fence) {
      out.push(line);
      const close = FENCE.exec(line);
      if (close?.[1] && close[1][0] === fence[0] && close[1].length >= fence.length && line.trim() === close[1]) fence = undefined;
      continue;
    }
    if (inMathBlock) {
      out.push(line);
      if (/^\s*\$\$+\s*$/.test(line)) inMathBlock = false;
      continue;
    }
    const open = FENCE.exec(line);
    if (open?.[1]) {
      flush();
      out.push(line);
      fence = open[1];
      continue;
    }
    if (MATH_FENCE.test(line)) {
      flush();
      out.push(line);
      inMathBlock = true;
      continue;
    }
    if (line.trim() === '') {
      flush();
      out.push(line);
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return out.join('\n');
}

/** Index of the end of the code span opened by the backtick run at `start`, or -1 when it is never closed. */
function codeSpanEnd(text: string, start: number): { runEnd: number; end: number } {
  let runEnd = start;
  while (text[runEnd] === '`') runEnd++;
  const run = text.slice(start, runEnd);
  let search = runEnd;
  for (;;) {
    const found = text.indexOf(run, search);
    if (found === -1) return { runEnd, end: -1 };
    let after = found + run.length;
    if (text[after] !== '`' && text[found - 1] !== '`') return { runEnd, end: after };
    while (text[after] === '`') after++;
    search = after;
  }
}

/** True when `text[start, end)` has only up to three spaces before it and only whitespace after it on its line. */
function ownLine(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  const after = text.slice(end, newline === -1 ? text.length : newline);
  return /^ {0,3}$/.test(text.slice(lineStart, start)) && after.trim() === '';
}

/** Where the single `$` opened at `start` closes under Pandoc's rule, or -1. */
function dollarClose(text: string, start: number): number {
  const next = text[start + 1];
  if (next === undefined || /\s/.test(next)) return -1;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c !== '$') continue;
    if (text[i + 1] === '$') return -1;
    const before = text[i - 1] ?? ' ';
    if (/\s/.test(before)) return -1;
    if (/[0-9]/.test(text[i + 1] ?? '')) return -1;
    return i;
  }
  return -1;
}

/** Converts one paragraph (no blank lines, no fences inside). */
function convertInline(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '`') {
      const { runEnd, end } = codeSpanEnd(text, i);
      const stop = end === -1 ? runEnd : end;
      out += text.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '(' || next === '[') {
        const closer = next === '(' ? '\\)' : '\\]';
        const end = text.indexOf(closer, i + 2);
        if (end !== -1) {
          const body = text.slice(i + 2, end).trim();
          out += next === '(' ? `$${body}$` : `\n$$\n${body}\n$$\n`;
          i = end + 2;
          continue;
        }
      }
      out += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === '$') {
      if (text[i + 1] === '$') {
        const end = text.indexOf('$$', i + 2);
        // `$$…$$` that is a line of its own is display math, as models mean it (remark-math would set it inline, in
        // the line's text size): it becomes a `$$` block, as `\[…\]` does.
        if (end !== -1 && ownLine(text, i, end + 2) && text.slice(i + 2, end).trim() !== '') {
          out += `\n$$\n${text.slice(i + 2, end).trim()}\n$$\n`;
          i = end + 2;
          continue;
        }
        // Inline `$$…$$`: copied through to its closing pair (remark-math reads it as math).
        const stop = end === -1 ? i + 2 : end + 2;
        out += text.slice(i, stop);
        i = stop;
        continue;
      }
      const end = dollarClose(text, i);
      if (end === -1) {
        out += '\\$';
        i++;
        continue;
      }
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
