/** Reads the arguments streamed so far: partial JSON closed at its cut (strings, arrays, objects), or undefined. */

/** Parses a prefix of a JSON object by closing what is open; undefined when even that is not JSON. */
export function parsePartialObject(text: string): Record<string, unknown> | undefined {
  const closers: string[] = [];
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
    else if (ch === '{') closers.push('}');
    else if (ch === '[') closers.push(']');
    else if (ch === '}' || ch === ']') closers.pop();
  }
  let candidate = text + (inString ? (escaped ? '\\"' : '"') : '');
  // A dangling key, colon or comma cannot be closed; drop it back to the last complete value.
  candidate = candidate.replace(/,\s*("(?:[^"\\]|\\.)*"\s*:?\s*)?$/, '').replace(/\{\s*"(?:[^"\\]|\\.)*"\s*:?\s*$/, '{');
  try {
    const parsed: unknown = JSON.parse(candidate + closers.reverse().join(''));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
