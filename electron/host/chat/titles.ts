/** Chat titles: taken from the first user message until the user renames the chat. */

/** The title a new chat shows before its first message. */
export const untitled = 'New chat';

/** A title from a message's text: its first non-empty line, whitespace collapsed, at most 60 characters. */
export function titleFrom(text: string, fallback = untitled): string {
  const line = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).find((l) => l.length > 0);
  if (!line) return fallback;
  return line.length <= 60 ? line : `${line.slice(0, 59).trimEnd()}…`;
}
