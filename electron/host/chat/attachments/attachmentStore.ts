/**
 * Attached files in the data folder. A file the user adds is checked (sniffed type, limits; images fitted with sharp)
 * and staged in `<data>/attachments/.staged/`; sending the message moves it to `<data>/attachments/<chatId>/`, which
 * goes with the chat. Each file `<id>` has its description `<id>.json` and, for images, a thumbnail `<id>.thumb.webp`.
 * Ids are made here (UUIDs) and checked on every use, so no name from the renderer can reach a path.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { AttachmentInfo } from '../../../../shared/attachments.ts';
import { attachmentLimits, formatBytes } from '../../../../shared/attachments.ts';
import type { FileAttachmentBlock } from '../../../../shared/chat.ts';
import { ok, type Result } from '../../../../shared/errors.ts';
import { fitImage, thumbnailOf } from './imageFit.ts';
import { checkFile, checkMessage, refuse } from './limits.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import { countPdfPages } from './pdfPages.ts';
import { sniff } from './sniff.ts';

/** A staged file as the composer shows it: its description and, for images, a thumbnail data URL. */
export type StagedAttachment = AttachmentInfo & { thumbnail?: string };

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const stagedDir = '.staged';
// Bytes of recently read files kept for the request builder, which converts the same history several times per turn.
const cacheBudget = 64 * 1024 * 1024;

/** Keeps only what a file name needs for display: no path, no control characters, at most 200 characters. */
export function cleanName(name: string): string {
  const base = name.split(/[/\\]/).filter(Boolean).at(-1) ?? 'file';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return cleaned.length > 0 ? cleaned : 'file';
}

/** Stores, moves, reads and deletes attached files. */
export class AttachmentStore {
  private readonly root: string;
  private readonly cache = new Map<string, Buffer>();
  private cached = 0;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'attachments');
  }

  // Chat ids are host-made UUIDs; anything else is hashed so it can never name a path outside the folder.
  private chatDir(chatId: string): string {
    return join(this.root, /^[A-Za-z0-9_-]{1,128}$/.test(chatId) ? chatId : createHash('sha256').update(chatId).digest('hex').slice(0, 32));
  }

  /** Checks and stages one file; `data` is the file's bytes as base64. */
  async stage(name: string, data: string): Promise<Result<StagedAttachment>> {
    const shown = cleanName(name);
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length > attachmentLimits.uploadBytes) {
      return refuse('too_large', hostMessage('attach.uploadTooLarge', { name: shown, size: formatBytes(bytes.length), max: formatBytes(attachmentLimits.uploadBytes) }));
    }
    const sniffed = sniff(bytes);
    if (!sniffed.ok) return refuse('unsupported_type', hostMessage('attach.unsupported', { name: shown, seems: sniffed.seems }));
    const id = randomUUID();
    let stored: Buffer = bytes;
    let info: AttachmentInfo = { id, name: shown, kind: sniffed.type.kind, mimeType: sniffed.type.mimeType, size: bytes.length };
    let thumbnail: Buffer | undefined;
    if (sniffed.type.kind === 'image') {
      try {
        const fitted = await fitImage(bytes, sniffed.type.mimeType);
        stored = fitted.bytes;
        info = { ...info, mimeType: fitted.mimeType, size: stored.length, width: fitted.width, height: fitted.height };
        thumbnail = await thumbnailOf(stored);
      } catch (cause) {
        return refuse('unsupported_type', hostMessage('attach.undecodable', { name: shown, reason: cause instanceof Error ? cause.message : String(cause) }));
      }
    } else if (sniffed.type.kind === 'pdf') {
      info = { ...info, pages: countPdfPages(bytes) };
    } else if (sniffed.text !== undefined) {
      // Stored as decoded (no byte order mark), so what is sent is what was checked.
      stored = Buffer.from(sniffed.text, 'utf8');
      info = { ...info, size: stored.length };
    }
    const checked = checkFile(info);
    if (!checked.ok) return checked;
    const dir = join(this.root, stagedDir);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(join(dir, id), stored, { mode: 0o600 });
    if (thumbnail) await writeFile(join(dir, `${id}.thumb.webp`), thumbnail, { mode: 0o600 });
    await writeFile(join(dir, `${id}.json`), JSON.stringify(info), { mode: 0o600 });
    return ok(thumbnail ? { ...info, thumbnail: `data:image/webp;base64,${thumbnail.toString('base64')}` } : info);
  }

  /** Forgets a staged file the user removed from the composer. */
  async discard(id: string): Promise<void> {
    if (!idPattern.test(id)) return;
    const dir = join(this.root, stagedDir);
    await Promise.all([id, `${id}.json`, `${id}.thumb.webp`].map((f) => rm(join(dir, f), { force: true })));
  }

  /** Checks that staged files exist and fit in one message together; answers their blocks, moving nothing yet. */
  async describe(ids: string[]): Promise<Result<FileAttachmentBlock[]>> {
    const blocks: FileAttachmentBlock[] = [];
    for (const id of ids) {
      const gone = refuse('not_found', hostMessage('attach.gone'));
      if (!idPattern.test(id)) return gone;
      try {
        const info = JSON.parse(await readFile(join(this.root, stagedDir, `${id}.json`), 'utf8')) as AttachmentInfo;
        blocks.push({ type: 'file', ...info, id });
      } catch {
        return gone;
      }
    }
    const checked = checkMessage(blocks);
    return checked.ok ? ok(blocks) : checked;
  }

  /** Moves described staged files into the chat's folder (synchronous: the send must not yield between its checks and the message). */
  claim(chatId: string, blocks: FileAttachmentBlock[]): Result<null> {
    if (blocks.length === 0) return ok(null);
    const from = join(this.root, stagedDir);
    const to = this.chatDir(chatId);
    try {
      mkdirSync(to, { recursive: true, mode: 0o700 });
      for (const { id, kind } of blocks) {
        renameSync(join(from, id), join(to, id));
        renameSync(join(from, `${id}.json`), join(to, `${id}.json`));
        if (kind === 'image') renameSync(join(from, `${id}.thumb.webp`), join(to, `${id}.thumb.webp`));
      }
    } catch (cause) {
      return refuse('not_found', hostMessage('attach.moveFailed', { reason: cause instanceof Error ? cause.message : String(cause) }));
    }
    return ok(null);
  }

  /** A sent file's bytes, for the request (synchronous: the request is built synchronously); undefined when missing. */
  readSync(chatId: string, id: string): Buffer | undefined {
    if (!idPattern.test(id)) return undefined;
    const path = join(this.chatDir(chatId), id);
    const hit = this.cache.get(path);
    if (hit) return hit;
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      return undefined;
    }
    // Oldest entries go first once the budget is spent (Map keeps insertion order).
    while (this.cached + bytes.length > cacheBudget && this.cache.size > 0) {
      const [oldest, value] = this.cache.entries().next().value as [string, Buffer];
      this.cache.delete(oldest);
      this.cached -= value.length;
    }
    if (bytes.length <= cacheBudget) {
      this.cache.set(path, bytes);
      this.cached += bytes.length;
    }
    return bytes;
  }

  /** A sent image's thumbnail as a data URL. */
  async thumbnail(chatId: string, id: string): Promise<Result<string>> {
    if (!idPattern.test(id)) return refuse('not_found', hostMessage('attach.noSuch'));
    try {
      const bytes = await readFile(join(this.chatDir(chatId), `${id}.thumb.webp`));
      return ok(`data:image/webp;base64,${bytes.toString('base64')}`);
    } catch {
      return refuse('not_found', hostMessage('attach.noPreview'));
    }
  }

  /** Deletes a chat's files (the chat was deleted). */
  async removeChat(chatId: string): Promise<void> {
    const dir = this.chatDir(chatId);
    for (const path of [...this.cache.keys()]) {
      if (!path.startsWith(dir + sep)) continue;
      this.cached -= this.cache.get(path)?.length ?? 0;
      this.cache.delete(path);
    }
    await rm(dir, { recursive: true, force: true });
  }

  /** Removes files staged but never sent (left by a previous run). */
  async clearStaged(): Promise<void> {
    await rm(join(this.root, stagedDir), { recursive: true, force: true });
  }
}
