/**
 * A linear replacement for the SDK's stdio ReadBuffer. The SDK's copies the whole pending buffer on every chunk and
 * searches it for a newline from the start, so a 20 MB message (400 pipe chunks) took over a minute of CPU; this one
 * keeps the chunks and only searches each new one.
 */
import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** Splits a stdio byte stream into JSON-RPC messages; same contract as the SDK's ReadBuffer (append / readMessage / clear). */
export class LinearReadBuffer {
  private chunks: Buffer[] = [];
  private pendingBytes = 0;
  private readonly lines: Buffer[] = [];
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Adds bytes; throws (and forgets everything) when one message grows past the limit, as the SDK's does. */
  append(chunk: Buffer): void {
    let rest = chunk;
    let index = rest.indexOf(0x0a);
    while (index !== -1) {
      this.chunks.push(rest.subarray(0, index));
      this.lines.push(this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks));
      this.chunks = [];
      this.pendingBytes = 0;
      rest = rest.subarray(index + 1);
      index = rest.indexOf(0x0a);
    }
    if (rest.length === 0) return;
    if (this.pendingBytes + rest.length > this.maxBytes) {
      this.clear();
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
    }
    this.chunks.push(rest);
    this.pendingBytes += rest.length;
  }

  /** The next complete message, or null; lines that are not JSON are skipped, as the SDK does. */
  readMessage(): JSONRPCMessage | null {
    for (let line = this.lines.shift(); line !== undefined; line = this.lines.shift()) {
      try {
        // A CRLF line ending is cut from the bytes: a regular expression over the decoded text ran on every message.
        return deserializeMessage((line[line.length - 1] === 0x0d ? line.subarray(0, -1) : line).toString('utf8'));
      } catch (error) {
        if (error instanceof SyntaxError) continue;
        throw error;
      }
    }
    return null;
  }

  /** Forgets everything buffered. */
  clear(): void {
    this.chunks = [];
    this.pendingBytes = 0;
    this.lines.length = 0;
  }
}

/** Puts a linear read buffer into an SDK stdio transport (its private `_readBuffer` field; the transport itself stays the SDK's). */
export function useLinearReadBuffer(transport: StdioClientTransport, maxBytes: number): void {
  // The field is private in the SDK's types only; replacing it is the one seam that keeps the SDK's transport class.
  (transport as unknown as { _readBuffer: LinearReadBuffer })._readBuffer = new LinearReadBuffer(maxBytes);
}
