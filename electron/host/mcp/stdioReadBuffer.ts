/**
 * A linear replacement for the SDK's stdio ReadBuffer. The SDK's copies the whole pending buffer on every chunk and
 * searches it for a newline from the start, so a 20 MB message (400 pipe chunks) took over a minute of CPU; this one
 * keeps the chunks and only searches each new one.
 */
import { parseJSONRPCMessage, type JSONRPCMessage, type JSONRPCResultResponse } from '@modelcontextprotocol/client';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** Splits a stdio byte stream into JSON-RPC messages; same contract as the SDK's ReadBuffer (append / readMessage / clear). */
export class LinearReadBuffer {
  private chunks: Buffer[] = [];
  private pendingBytes = 0;
  /**
   * Complete lines, decoded: a line inside one chunk is decoded straight from it, without a Buffer view per line. A queue
   * over a kept array ([read, count)): push after shift reallocated the array's store on every message.
   */
  private readonly lines: string[] = [];
  private read = 0;
  private count = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Adds bytes; throws (and forgets everything) when one message grows past the limit, as the SDK's does. */
  append(chunk: Buffer): void {
    let from = 0;
    let index = chunk.indexOf(0x0a);
    while (index !== -1) {
      if (this.chunks.length === 0) this.lines[this.count++] = decodeLine(chunk, from, index);
      else {
        this.chunks.push(chunk.subarray(from, index));
        const line = Buffer.concat(this.chunks);
        this.lines[this.count++] = decodeLine(line, 0, line.length);
        this.chunks = [];
        this.pendingBytes = 0;
      }
      from = index + 1;
      index = chunk.indexOf(0x0a, from);
    }
    if (from === chunk.length) return;
    if (this.pendingBytes + chunk.length - from > this.maxBytes) {
      this.clear();
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
    }
    this.chunks.push(from === 0 ? chunk : chunk.subarray(from));
    this.pendingBytes += chunk.length - from;
  }

  /** The next complete message, or null; lines that are not JSON are skipped, as the SDK does. */
  readMessage(): JSONRPCMessage | null {
    while (this.read < this.count) {
      const line = this.lines[this.read] ?? '';
      // The slot lets go of the text at once (a message can be megabytes); the queue restarts when it is empty.
      this.lines[this.read++] = '';
      if (this.read === this.count) this.read = this.count = 0;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        if (error instanceof SyntaxError) continue;
        throw error;
      }
      // The SDK's deserializeMessage is this parse and its message schema; a plain result is checked by hand (below).
      return isPlainResultResponse(value) ? value : parseJSONRPCMessage(value);
    }
    return null;
  }

  /** Forgets everything buffered. */
  clear(): void {
    this.chunks = [];
    this.pendingBytes = 0;
    this.lines.length = 0;
    this.read = this.count = 0;
  }
}

/**
 * A result response the SDK's message schema would accept as it is: exactly `jsonrpc` "2.0", an id that is a string or
 * a safe integer, and a `result` object without `_meta` (whose schema the SDK's parse applies). These are the checks of
 * the SDK's strict result-response schema, made without zod: its union tried the request and notification schemas
 * first and built their failures, 1.2-1.5 µs on every answer (issue 12, `call` seventh look). The result's own shape is
 * still checked by the request's result schema. Anything else (requests, notifications, errors, a result with `_meta`,
 * a malformed envelope) goes through the SDK's parse, which accepts or refuses it in its own words.
 */
export function isPlainResultResponse(value: unknown): value is JSONRPCResultResponse {
  if (typeof value !== 'object' || value === null) return false;
  const { jsonrpc, id, result } = value as { jsonrpc?: unknown; id?: unknown; result?: unknown };
  if (jsonrpc !== '2.0' || typeof result !== 'object' || result === null || Array.isArray(result) || Object.hasOwn(result, '_meta')) return false;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return false;
  // Strict: no key besides the three (counted without building a key array; a parsed object inherits no enumerable key).
  let keys = 0;
  for (const key in value) if (Object.hasOwn(value, key)) keys += 1;
  return keys === 3;
}

/** The text of bytes [from, end) of `bytes`, without a CRLF line ending's CR (cut from the bytes: a regular expression
 * over the decoded text ran on every message). */
function decodeLine(bytes: Buffer, from: number, end: number): string {
  return bytes.toString('utf8', from, end > from && bytes[end - 1] === 0x0d ? end - 1 : end);
}

/** Puts a linear read buffer into an SDK stdio transport (its private `_readBuffer` field; the transport itself stays the SDK's). */
export function useLinearReadBuffer(transport: StdioClientTransport, maxBytes: number): void {
  // The field is private in the SDK's types only; replacing it is the one seam that keeps the SDK's transport class.
  (transport as unknown as { _readBuffer: LinearReadBuffer })._readBuffer = new LinearReadBuffer(maxBytes);
}
