/**
 * MCP content (tool results, attached resources) to Anthropic content blocks. What the model cannot take (audio,
 * binary blobs, odd image types) becomes a short note; the full content stays in history for the user. Text beyond the
 * limit is cut with a marker that says so.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { McpContent, ToolResult } from '../../../shared/servers.ts';

/** Content blocks a tool_result (or a user turn) can carry here. */
export type ModelBlock = Anthropic.TextBlockParam | Anthropic.ImageBlockParam;

const imageTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
type ImageMediaType = Anthropic.Base64ImageSource['media_type'];

function isImageType(mime: string): mime is ImageMediaType {
  return imageTypes.has(mime);
}

function size(base64: string): string {
  const bytes = Math.floor((base64.length * 3) / 4);
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

/** One MCP content item as model content. */
export function mcpItemToModel(item: McpContent): ModelBlock {
  switch (item.type) {
    case 'text':
      return { type: 'text', text: item.text };
    case 'image':
      if (isImageType(item.mimeType)) return { type: 'image', source: { type: 'base64', media_type: item.mimeType, data: item.data } };
      return { type: 'text', text: `[An image (${item.mimeType}, ${size(item.data)}) is shown to the user; its format cannot be sent to the model.]` };
    case 'audio':
      return { type: 'text', text: `[An audio clip (${item.mimeType}, ${size(item.data)}) is shown to the user; the model cannot listen to audio.]` };
    case 'resource_link': {
      const details = [item.title, item.description, item.mimeType].filter(Boolean).join(' · ');
      return { type: 'text', text: `Resource link: ${item.name} <${item.uri}>${details ? ` (${details})` : ''}` };
    }
    case 'resource': {
      const { uri, mimeType, text, blob } = item.resource;
      if (text !== undefined) return { type: 'text', text: `Resource ${uri}${mimeType ? ` (${mimeType})` : ''}:\n${text}` };
      return { type: 'text', text: `[A binary resource ${uri} (${mimeType ?? 'unknown type'}, ${size(blob ?? '')}) is shown to the user; it is not sent to the model.]` };
    }
  }
}

/** The marker appended where text was cut. */
export function truncationMarker(total: number, kept: number): string {
  return `\n\n[Truncated by Switchboard: this result has ${total.toLocaleString('en-US')} characters and only the first ${kept.toLocaleString('en-US')} were sent to the model. The user can see the full result.]`;
}

/** Caps the total text of `blocks` at `limit` characters; the block where the cap falls is cut and marked, later text dropped. */
export function truncateText(blocks: ModelBlock[], limit: number): { blocks: ModelBlock[]; truncated: boolean } {
  const total = blocks.reduce((n, b) => n + (b.type === 'text' ? b.text.length : 0), 0);
  if (total <= limit) return { blocks, truncated: false };
  const out: ModelBlock[] = [];
  let budget = limit;
  let cut = false;
  for (const block of blocks) {
    if (block.type !== 'text') {
      out.push(block);
      continue;
    }
    if (cut) continue;
    if (block.text.length <= budget) {
      out.push(block);
      budget -= block.text.length;
      continue;
    }
    out.push({ type: 'text', text: block.text.slice(0, budget) + truncationMarker(total, limit) });
    cut = true;
  }
  return { blocks: out, truncated: true };
}

/** A tool's result as the content of a tool_result block. */
export function toolResultToModel(result: ToolResult, limit: number): { content: ModelBlock[]; isError: boolean; truncated: boolean } {
  const blocks = result.content.map(mcpItemToModel);
  const hasText = result.content.some((c) => c.type === 'text');
  if (!hasText && result.structuredContent !== undefined) blocks.unshift({ type: 'text', text: JSON.stringify(result.structuredContent, null, 2) });
  if (blocks.length === 0) blocks.push({ type: 'text', text: result.isError ? 'The tool reported an error without details.' : 'The tool returned no content.' });
  // The API rejects empty text blocks.
  const nonEmpty = blocks.map((b) => (b.type === 'text' && b.text.length === 0 ? { type: 'text' as const, text: '(empty)' } : b));
  const { blocks: content, truncated } = truncateText(nonEmpty, limit);
  return { content, isError: result.isError, truncated };
}

/** An attached resource as user content: a header naming it, then its content. */
export function attachmentToModel(attachment: { uri: string; name?: string; content: McpContent[] }, limit: number): ModelBlock[] {
  const header: ModelBlock = { type: 'text', text: `Attached resource ${attachment.name ? `"${attachment.name}" ` : ''}<${attachment.uri}>:` };
  const body = attachment.content.map(mcpItemToModel);
  return truncateText([header, ...(body.length > 0 ? body : [{ type: 'text' as const, text: '(empty resource)' }])], limit).blocks;
}
