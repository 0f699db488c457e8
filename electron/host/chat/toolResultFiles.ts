/**
 * Full tool results kept on disk for the user when they were cut for the model and the UI: one file per call under
 * `<data>/tool-results/<chat>/`, named by hashes so no id from a model or a renderer can name a path.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FullToolResult } from '../../../shared/chat.ts';
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ToolResult } from '../../../shared/servers.ts';
import { capToolResult, resultSize } from './toolResultCap.ts';

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/** A full result as the user downloads it. */
export interface ToolResultDownload {
  filename: string;
  mimeType: string;
  content: string;
}

/** Writes and reads the full results of cut tool calls. */
export class ToolResultFiles {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'tool-results');
  }

  private path(chatId: string, toolCallId: string, format: FullToolResult['format']): string {
    return join(this.root, hash(chatId), `${hash(toolCallId)}.${format === 'text' ? 'txt' : 'json'}`);
  }

  /**
   * The result as the UI and the model may have it: unchanged when within `limit`, else cut, with the whole result
   * saved first (a result that cannot be saved is still cut, and says the full copy is missing).
   */
  async limit(chatId: string, toolCallId: string, result: ToolResult, limit: number): Promise<{ result: ToolResult; full?: FullToolResult }> {
    const cut = capToolResult(result, limit);
    if (!cut) return { result };
    const textOnly = result.structuredContent === undefined && result.content.every((item) => item.type === 'text');
    const format: FullToolResult['format'] = textOnly ? 'text' : 'json';
    const body = textOnly ? result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n\n') : JSON.stringify(result, null, 2);
    const file = this.path(chatId, toolCallId, format);
    try {
      await mkdir(join(this.root, hash(chatId)), { recursive: true, mode: 0o700 });
      await writeFile(file, body, { mode: 0o600 });
    } catch (error) {
      const note = `[The full result could not be saved: ${error instanceof Error ? error.message : String(error)}]`;
      return { result: { ...cut, content: [...cut.content, { type: 'text', text: note }] } };
    }
    return { result: cut, full: { chars: resultSize(result), format } };
  }

  /** The saved full result of a call, for download. */
  async read(chatId: string, toolCallId: string): Promise<Result<ToolResultDownload>> {
    for (const format of ['text', 'json'] as const) {
      try {
        const content = await readFile(this.path(chatId, toolCallId, format), 'utf8');
        const safeName = toolCallId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);
        return ok({ filename: `tool-result-${safeName}.${format === 'text' ? 'txt' : 'json'}`, mimeType: format === 'text' ? 'text/plain' : 'application/json', content });
      } catch {
        // Try the other format; a missing file is reported below.
      }
    }
    return hostErr('not_found', hostMessage('store.fullResultGone'));
  }

  /** Deletes the full results of a chat (the chat was deleted). */
  async removeChat(chatId: string): Promise<void> {
    await rm(join(this.root, hash(chatId)), { recursive: true, force: true });
  }
}
