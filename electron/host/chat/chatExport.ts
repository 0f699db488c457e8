/** Exports one chat as Markdown (to read or share) or as JSON (complete, to archive or process). */
import type { ChatMessage, ChatSummary, ContentBlock, ToolCallBlock } from '../../../shared/chat.ts';
import type { McpContent } from '../../../shared/servers.ts';

/** An export ready to save. */
export interface ChatExport {
  filename: string;
  mimeType: string;
  content: string;
}

function fileBase(title: string): string {
  const base = [...title].map((c) => (c.charCodeAt(0) < 32 ? ' ' : c)).join('').replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
  return base.length > 0 ? base : 'chat';
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

// A fence longer than any backtick run inside, so content cannot close it.
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

function mcpToMarkdown(item: McpContent): string {
  switch (item.type) {
    case 'text':
      return item.text;
    case 'image':
      return `*[image, ${item.mimeType}]*`;
    case 'audio':
      return `*[audio, ${item.mimeType}]*`;
    case 'resource_link':
      return `[${item.title ?? item.name}](${item.uri})`;
    case 'resource':
      return item.resource.text !== undefined ? `Resource \`${item.resource.uri}\`:\n\n${fenced(item.resource.text)}` : `*[binary resource ${item.resource.uri}]*`;
  }
}

function toolCallToMarkdown(call: ToolCallBlock): string {
  const duration = call.durationMs !== undefined ? `, ${call.durationMs} ms` : '';
  const lines = [`**Tool call** \`${call.serverId || '?'} / ${call.toolName}\` (${call.status}${duration})`, '', fenced(JSON.stringify(call.input ?? {}, null, 2), 'json')];
  if (call.result) {
    const body = call.result.content.map(mcpToMarkdown).join('\n\n');
    const structured = call.result.structuredContent !== undefined && !call.result.content.some((c) => c.type === 'text') ? fenced(JSON.stringify(call.result.structuredContent, null, 2), 'json') : '';
    lines.push('', `**Result${call.result.isError ? ' (error)' : ''}:**`, '', body || structured || '*(no content)*');
  }
  if (call.error) lines.push('', `**Error:** ${call.error.message}`);
  return lines.join('\n');
}

function blockToMarkdown(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'thinking':
      return `<details><summary>Thinking</summary>\n\n${block.thinking}\n\n</details>`;
    case 'redacted_thinking':
      return '*[redacted thinking]*';
    case 'tool_call':
      return toolCallToMarkdown(block);
    case 'tool_search':
      return `*Tool search* \`${block.query}\`${block.loaded.length > 0 ? `: loaded ${block.loaded.map((n) => `\`${n}\``).join(', ')}` : ''}`;
    case 'attachment':
      return `**Attachment** \`${block.name ?? block.uri}\`\n\n${block.content.map(mcpToMarkdown).join('\n\n')}`;
    case 'file':
      // The file stays in the data folder; the export names it (a Markdown file cannot carry it).
      return `**Attached file** \`${block.name}\` (${block.mimeType}, ${block.size} bytes)`;
    case 'compaction':
      return block.content === null ? '*[Compacting earlier messages failed]*' : `<details><summary>Earlier messages compacted</summary>\n\n${block.content}\n\n</details>`;
  }
}

function messageToMarkdown(message: ChatMessage): string {
  const who = message.role === 'user' ? 'You' : `Claude${message.model ? ` (${message.model})` : ''}`;
  const parts = [`## ${who} · ${iso(message.createdAt)}`, '', ...message.blocks.map(blockToMarkdown).flatMap((b) => [b, ''])];
  if (message.status === 'stopped') parts.push('*Stopped by the user.*', '');
  if (message.error) parts.push(`*Error: ${message.error.message}*`, '');
  if (message.notice === 'max_tokens') parts.push('*The answer reached the output limit.*', '');
  if (message.notice === 'refusal') parts.push('*The model declined to answer.*', '');
  if (message.usage) {
    const u = message.usage;
    parts.push(`<sub>tokens: ${u.inputTokens} in, ${u.outputTokens} out, ${u.cacheReadTokens} cache read, ${u.cacheWriteTokens} cache write</sub>`, '');
  }
  return parts.join('\n');
}

/** The chat as a Markdown document. */
export function exportMarkdown(chat: ChatSummary, messages: ChatMessage[]): ChatExport {
  const header = [`# ${chat.title}`, '', `Model: ${chat.model} · Created: ${iso(chat.createdAt)} · Messages: ${messages.length}`, ''];
  return {
    filename: `${fileBase(chat.title)}.md`,
    mimeType: 'text/markdown',
    content: [...header, ...messages.map(messageToMarkdown)].join('\n'),
  };
}

/**
 * The chat as JSON: the summary and every message with its blocks, tool calls and usage, as stored; `branches` says
 * whether `messages` is the branch shown or every branch (each message names its parent).
 */
export function exportJson(chat: ChatSummary, messages: ChatMessage[], branches: 'shown' | 'all' = 'shown'): ChatExport {
  return {
    filename: `${fileBase(chat.title)}.json`,
    mimeType: 'application/json',
    content: `${JSON.stringify({ format: 'switchboard-chat', version: 1, exportedAt: iso(Date.now()), branches, chat, messages }, null, 2)}\n`,
  };
}
