/**
 * The API's `compaction` block in a streamed turn (compact_20260112): it starts with the block's fields (content often
 * null), a `compaction_delta` brings the summary and the opaque fields, and the block is kept whole so it can be sent
 * back verbatim. The SDK's non-beta event types do not list it, so the events are read by their `type` alone.
 */
import type { CompactionBlock } from '../../../../../shared/chat.ts';

// Fields the host reads itself; every other field is the API's and is kept as it came.
const own = new Set(['type', 'content']);

function fieldsOf(source: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) if (!own.has(key)) fields[key] = value;
  return fields;
}

/** A compaction block for a starting `compaction` content block; undefined for any other block. */
export function startCompaction(block: { type: string }): CompactionBlock | undefined {
  if (block.type !== 'compaction') return undefined;
  const source: Record<string, unknown> = { ...block };
  return { type: 'compaction', content: typeof source.content === 'string' ? source.content : null, apiFields: fieldsOf(source) };
}

/** Applies a `compaction_delta` (the summary and opaque fields, usually all at once) to its block; other deltas are ignored. */
export function applyCompactionDelta(block: CompactionBlock, delta: { type: string }): void {
  if (delta.type !== 'compaction_delta') return;
  const source: Record<string, unknown> = { ...delta };
  if (typeof source.content === 'string') block.content = (block.content ?? '') + source.content;
  for (const [key, value] of Object.entries(fieldsOf(source))) {
    if (value === null || value === undefined) continue;
    const previous = block.apiFields[key];
    // Opaque strings may arrive in pieces like the summary; anything else replaces what the start carried.
    block.apiFields[key] = typeof value === 'string' && typeof previous === 'string' ? previous + value : value;
  }
}

/** True when the compaction produced a summary (a failed one has null content and stands in for nothing). */
export function isSuccessfulCompaction(block: CompactionBlock): boolean {
  return typeof block.content === 'string' && block.content.length > 0;
}
