/** What is still open at the end of a JSON prefix (a tool input cut mid-stream): the brackets and a string. */

/** The state at the cut: the closers the open brackets need (innermost first), and whether a string (or an escape in it) is open. */
export interface OpenJson {
  closers: string;
  inString: boolean;
  escaped: boolean;
}

/** Scans a JSON prefix once; brackets inside strings do not count. */
export function scanJsonPrefix(text: string): OpenJson {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (const ch of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') stack.pop();
  }
  return { closers: stack.reverse().join(''), inString, escaped };
}

/** The prefix with its open string closed (an escape cut in half completed), ready for the closers to be added. */
export function closeOpenString(text: string, open: OpenJson): string {
  return open.inString ? text + (open.escaped ? '\\"' : '"') : text;
}
