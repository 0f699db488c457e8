/**
 * The size cap on tool results, whatever the transport: a result larger than the tool result limit is kept whole on
 * disk for the user, and what the UI is pushed, history stores and the model is sent is a cut copy within the limit.
 */
import type { McpContent, ToolResult } from '../../../shared/servers.ts';

/** Room kept under the limit for the notes the cut adds, so the copy (notes included) stays within the limit. */
const noteReserve = 400;

function itemSize(item: McpContent): number {
  switch (item.type) {
    case 'text':
      return item.text.length;
    case 'image':
    case 'audio':
      return item.data.length;
    case 'resource':
      return (item.resource.text?.length ?? 0) + (item.resource.blob?.length ?? 0) + item.resource.uri.length;
    case 'resource_link':
      return JSON.stringify(item).length;
  }
}

/** Characters in a result: text, base64 data and structured content as JSON. */
export function resultSize(result: ToolResult): number {
  const structured = result.structuredContent !== undefined ? (JSON.stringify(result.structuredContent)?.length ?? 0) : 0;
  return result.content.reduce((n, item) => n + itemSize(item), 0) + structured;
}

function leftOut(item: McpContent): string {
  const what =
    item.type === 'resource' ? `resource ${item.resource.uri.slice(0, 200)}`
    : item.type === 'resource_link' ? 'resource link'
    : item.type === 'text' ? 'text'
    : `${item.type} (${item.mimeType.slice(0, 100)})`;
  return `[A ${what} of ${itemSize(item).toLocaleString('en-US')} characters was left out here.]`;
}

/**
 * The result cut to `limit` characters (text cut where the budget ends; images, audio, blobs and structured content
 * that do not fit left out with a note), or undefined when it fits as it is.
 */
export function capToolResult(result: ToolResult, limit: number): ToolResult | undefined {
  const total = resultSize(result);
  if (total <= limit) return undefined;
  let budget = Math.max(0, limit - noteReserve);
  const content: McpContent[] = [];
  let dropped = 0;
  for (const item of result.content) {
    const size = itemSize(item);
    if (size <= budget) {
      content.push(item);
      budget -= size;
    } else if (budget > 0 && item.type === 'text') {
      content.push({ type: 'text', text: item.text.slice(0, budget) });
      budget = 0;
    } else if (budget > 0 && item.type === 'resource' && item.resource.text !== undefined && item.resource.blob === undefined) {
      content.push({ type: 'resource', resource: { ...item.resource, text: item.resource.text.slice(0, Math.max(0, budget - item.resource.uri.length)) } });
      budget = 0;
    } else if (leftOut(item).length <= budget) {
      // The note counts against the budget too: thousands of tiny left-out images must not add up past the limit.
      const note = leftOut(item);
      content.push({ type: 'text', text: note });
      budget -= note.length;
    } else {
      dropped += 1;
    }
  }
  const structured = result.structuredContent !== undefined ? JSON.stringify(result.structuredContent) : undefined;
  const keepStructured = structured !== undefined && structured.length <= budget;
  const notes = [
    dropped > 0 ? `${dropped} more content item(s) left out.` : '',
    structured !== undefined && !keepStructured ? `Structured content of ${structured.length.toLocaleString('en-US')} characters left out.` : '',
  ].filter(Boolean);
  content.push({
    type: 'text',
    text: `\n\n[Cut by Switchboard: this tool result has ${total.toLocaleString('en-US')} characters and the limit is ${limit.toLocaleString('en-US')}. ${notes.join(' ')}${notes.length > 0 ? ' ' : ''}The full result is saved; the user can download it from the tool call.]`,
  });
  return { content, ...(keepStructured ? { structuredContent: result.structuredContent } : {}), isError: result.isError };
}
