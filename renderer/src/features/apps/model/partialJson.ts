/** Reads the arguments streamed so far: partial JSON closed at its cut (strings, arrays, objects), or undefined. */
import { closeOpenString, scanJsonPrefix } from '../../chat/model/jsonPrefix.ts';

/** Parses a prefix of a JSON object by closing what is open; undefined when even that is not JSON. */
export function parsePartialObject(text: string): Record<string, unknown> | undefined {
  const open = scanJsonPrefix(text);
  // A dangling key, colon or comma cannot be closed; drop it back to the last complete value.
  const candidate = closeOpenString(text, open).replace(/,\s*("(?:[^"\\]|\\.)*"\s*:?\s*)?$/, '').replace(/\{\s*"(?:[^"\\]|\\.)*"\s*:?\s*$/, '{');
  try {
    const parsed: unknown = JSON.parse(candidate + open.closers);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
