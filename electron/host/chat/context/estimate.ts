/**
 * A calibrated token estimate for Messages API requests, used when the API's count_tokens is not available and to page
 * history without a round trip. Text is counted as characters / 3.5 (Claude's tokenizer averages 3.5–4 characters
 * per token on English and code; the lower figure errs towards trimming early), CJK characters as a token each.
 * Images and PDFs follow the API's rules.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { countPdfPages } from '../attachments/pdfPages.ts';

/** Characters per token assumed for text. */
export const charsPerToken = 3.5;
// Role and block framing the API adds per message.
const perMessageOverhead = 4;
/** The most an image can cost: the API scales images down to about 1.15 megapixels (~1,600 tokens). */
export const maxImageTokens = 1600;
// A PDF page costs its text plus the page as an image.
const pdfPageTokens = maxImageTokens + 800;

// CJK ideographs, kana, Hangul, their punctuation and full-width forms: Claude's tokenizer spends about a token on each.
// At characters / 3.5 a Chinese chat was estimated at a third of its size or less, so it could pass the window before
// the API's count (asked from 60 % of the budget on) ever checked it.
function isDense(code: number): boolean {
  return (code >= 0x2e80 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xff00 && code <= 0xffef);
}

/** Tokens of a piece of text: CJK characters one each, the rest characters / 3.5. */
export function textTokens(text: string): number {
  let dense = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x2e80 && isDense(code)) dense += 1;
  }
  return Math.ceil((text.length - dense) / charsPerToken) + dense;
}

// Width and height from the first bytes of a PNG, GIF or JPEG, without decoding the image.
function imageSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'GIF') return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1] ?? 0;
      const length = bytes.readUInt16BE(at + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
      }
      at += 2 + length;
    }
  }
  return undefined;
}

/** Tokens of a base64 image: width × height / 750, at most ~1,600 (the API downscales larger ones). */
export function imageTokens(base64: string): number {
  // Only the header is needed: decode the first few KB (a JPEG's frame header may follow large EXIF data).
  const size = imageSize(Buffer.from(base64.slice(0, 65_536), 'base64'));
  if (!size || size.width <= 0 || size.height <= 0) return maxImageTokens;
  return Math.max(1, Math.min(maxImageTokens, Math.ceil((size.width * size.height) / 750)));
}

// Page counts of PDFs seen lately: the same attached PDF is estimated several times per turn, and counting reads it all.
const pageCounts = new Map<string, number>();

/** Tokens of a base64 PDF: each page as text plus an image; pages are counted from the page tree (compressed too). */
export function pdfTokens(base64: string): number {
  const key = `${base64.length}:${base64.slice(0, 64)}:${base64.slice(-64)}`;
  let pages = pageCounts.get(key);
  if (pages === undefined) {
    pages = countPdfPages(Buffer.from(base64, 'base64'));
    if (pageCounts.size >= 64) pageCounts.clear();
    pageCounts.set(key, pages);
  }
  return Math.max(1, pages) * pdfPageTokens;
}

type Block = Anthropic.ContentBlockParam | Exclude<Anthropic.ToolResultBlockParam['content'], string | undefined>[number];

function blockTokens(block: Block): number {
  switch (block.type) {
    case 'text':
      return textTokens(block.text);
    case 'thinking':
      return textTokens(block.thinking);
    case 'redacted_thinking':
      return textTokens(block.data);
    case 'image':
      return block.source.type === 'base64' ? imageTokens(block.source.data) : maxImageTokens;
    case 'document':
      if (block.source.type === 'base64') return pdfTokens(block.source.data);
      if (block.source.type === 'text') return textTokens(block.source.data);
      return textTokens(JSON.stringify(block.source));
    case 'tool_use':
      return textTokens(block.name) + textTokens(JSON.stringify(block.input ?? {}));
    case 'tool_result': {
      const content = block.content;
      if (content === undefined) return perMessageOverhead;
      if (typeof content === 'string') return textTokens(content) + perMessageOverhead;
      return content.reduce((sum, b) => sum + blockTokens(b), perMessageOverhead);
    }
    default:
      return textTokens(JSON.stringify(block));
  }
}

/** Tokens of one API message. */
export function messageTokens(message: Anthropic.MessageParam): number {
  if (typeof message.content === 'string') return perMessageOverhead + textTokens(message.content);
  return message.content.reduce((sum, b) => sum + blockTokens(b), perMessageOverhead);
}

// The JSON length of each tool definition seen: requests share their tools' objects (requestBuilder.ts toApiTools), and
// stringifying every tool again before each request was most of the estimate's cost. Definitions are never changed.
const toolLengths = new WeakMap<object, number>();

function toolLength(tool: object): number {
  let length = toolLengths.get(tool);
  if (length === undefined) {
    length = JSON.stringify(tool).length;
    toolLengths.set(tool, length);
  }
  return length;
}

// A tool sent with defer_loading stays out of the model's context until a tool search finds it (the API then counts
// it where the search result references it), so it costs the request's bytes but no input tokens.
const isDeferred = (tool: object): boolean => 'defer_loading' in tool && tool.defer_loading === true;

// The length of JSON.stringify(tools) without the deferred ones: brackets, commas and each tool's own JSON.
function toolsJsonLength(tools: readonly object[]): number {
  let sum = 2;
  let counted = 0;
  for (const tool of tools) {
    if (isDeferred(tool)) continue;
    sum += toolLength(tool);
    counted += 1;
  }
  return sum + Math.max(0, counted - 1);
}

/** Tokens of what precedes the messages: the tools (not the deferred ones) and the system prompt. */
export function prefixTokens(request: Pick<Anthropic.MessageCreateParams, 'tools' | 'system'>): number {
  const system = typeof request.system === 'string' ? textTokens(request.system) : (request.system ?? []).reduce((sum, b) => sum + textTokens(b.text), 0);
  return system + (request.tools ? Math.ceil(toolsJsonLength(request.tools) / charsPerToken) : 0);
}

/** The estimated input tokens of a whole request. */
export function estimateRequestTokens(request: Pick<Anthropic.MessageCreateParams, 'tools' | 'system' | 'messages'>): number {
  return request.messages.reduce((sum, m) => sum + messageTokens(m), prefixTokens(request));
}
