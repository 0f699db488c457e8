/**
 * Attached files through the whole host (real SQLite, real files in a temporary data folder, real sharp, the real SDK
 * against the scripted Messages API): staged, sent as image/document blocks, kept with the chat and shown again,
 * deleted with the chat; refused types and over-limit messages send nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startScriptedLlm, lastUserBlocks, type ScriptedLlm } from '../fixtures/scriptedLlm/index.ts';
import { makePdf, makePng } from '../fixtures/attachments/files.ts';
import { WebSocket } from 'ws';
import { silentLogger } from '../../electron/host/environment.ts';
import { startWebMode, type WebMode } from '../../electron/web/startWebMode.ts';
import { startHost, tempDataDir, value, type HostUnderTest } from './chat-harness.ts';

let llm: ScriptedLlm | undefined;
let target: HostUnderTest | undefined;
let data: ReturnType<typeof tempDataDir> | undefined;
let web: WebMode | undefined;
afterEach(async () => {
  await web?.close();
  web = undefined;
  await target?.host.shutdown();
  await llm?.close();
  data?.remove();
  target = undefined;
});

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });
const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

describe('attachments through the host', () => {
  it('stores, sends, shows again and deletes with the chat an image, a PDF and a code file', async () => {
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [reply('A gradient, a 3-page PDF and some code.'), reply('Still there.')] });
    data = tempDataDir();
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    const api = target.api;
    const chat = value(await api['chats.create']({}));

    const image = value(await api['attachments.add']({ name: 'photos/gradient.png', data: b64(await makePng(3000, 2000)) }));
    expect(image).toMatchObject({ name: 'gradient.png', kind: 'image', mimeType: 'image/png', width: 1568, height: 1045 });
    expect(image.thumbnail).toMatch(/^data:image\/webp;base64,/);
    const pdf = value(await api['attachments.add']({ name: 'report.pdf', data: b64(makePdf(3, true)) }));
    expect(pdf).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf', pages: 3 });
    // Named .png, but the bytes are text: the bytes decide.
    const code = value(await api['attachments.add']({ name: 'notes.png', data: b64('export const answer = 42;\n') }));
    expect(code).toMatchObject({ kind: 'text', mimeType: 'text/plain' });

    value(await api['chat.send']({ chatId: chat.id, text: 'What are these?', files: [image.id, pdf.id, code.id] }));
    await target.log.runEnd(chat.id);
    const sent = llm.messageRequests().at(-1)?.body;
    const blocks = sent ? lastUserBlocks(sent) : [];
    expect(blocks.map((b) => b.type)).toEqual(['text', 'text', 'image', 'document', 'document']);
    expect(blocks[2]).toMatchObject({ source: { type: 'base64', media_type: 'image/png' } });
    expect(blocks[3]).toMatchObject({ title: 'report.pdf', source: { type: 'base64', media_type: 'application/pdf', data: b64(makePdf(3, true)) } });
    expect(blocks[4]).toMatchObject({ title: 'notes.png', source: { type: 'text', media_type: 'text/plain', data: 'export const answer = 42;\n' } });

    // On disk in the chat's folder; nothing left staged.
    const folder = join(data.dir, 'attachments', chat.id);
    expect(readdirSync(folder).sort()).toEqual([code.id, `${code.id}.json`, image.id, `${image.id}.json`, `${image.id}.thumb.webp`, pdf.id, `${pdf.id}.json`].sort());
    expect(readdirSync(join(data.dir, 'attachments', '.staged'))).toEqual([]);

    // Re-opening the chat shows them, thumbnails through the bridge.
    const page = value(await api['chats.get']({ chatId: chat.id }));
    expect(page.messages[0]?.blocks.filter((b) => b.type === 'file').map((b) => b.type === 'file' && b.name)).toEqual(['gradient.png', 'report.pdf', 'notes.png']);
    expect(value(await api['attachments.thumbnail']({ chatId: chat.id, id: image.id })).dataUrl).toBe(image.thumbnail);

    // The next request still carries them (history).
    value(await api['chat.send']({ chatId: chat.id, text: 'And now?' }));
    await target.log.runEnd(chat.id);
    const again = llm.messageRequests().at(-1)?.body;
    expect(JSON.stringify(again?.messages?.[0])).toContain('report.pdf');

    value(await api['chats.delete']({ chatId: chat.id }));
    expect(existsSync(folder)).toBe(false);
    expect((await api['attachments.thumbnail']({ chatId: chat.id, id: image.id })).ok).toBe(false);
  }, 90_000);

  it('refuses unknown binary types by name, and a message over the limits sends nothing', async () => {
    llm = await startScriptedLlm({ apiKey: 'sk-test', script: [reply('unused')] });
    data = tempDataDir();
    target = await startHost({ dataDir: data.dir, baseUrl: llm.url });
    const api = target.api;
    const chat = value(await api['chats.create']({}));

    const zip = await api['attachments.add']({ name: 'archive.pdf', data: b64(Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0])) });
    expect(zip).toMatchObject({ ok: false, error: { code: 'invalid_params', detail: 'unsupported_type' } });
    expect(!zip.ok && zip.error.message).toBe('"archive.pdf" looks like a ZIP archive (or an Office document). Switchboard can attach images (PNG, JPEG, GIF, WebP), PDFs and text or code files.');
    const longPdf = await api['attachments.add']({ name: 'book.pdf', data: b64(makePdf(101)) });
    expect(longPdf).toMatchObject({ ok: false, error: { detail: 'too_many_pages' } });

    const ids: string[] = [];
    for (let i = 0; i < 21; i++) ids.push(value(await api['attachments.add']({ name: `f${i}.txt`, data: b64(`file ${i}\n`) })).id);
    const refused = await api['chat.send']({ chatId: chat.id, text: 'Too many', files: ids });
    expect(refused).toMatchObject({ ok: false, error: { detail: 'too_many' } });
    expect(!refused.ok && refused.error.message).toContain('21 files are attached; a message can carry at most 20');
    expect(llm.messageRequests()).toEqual([]);
    expect(value(await api['chats.get']({ chatId: chat.id })).messages).toEqual([]);
    // Still staged: the user removes one and sends again.
    value(await api['attachments.discard']({ id: ids.pop() ?? '' }));
    value(await api['chat.send']({ chatId: chat.id, text: 'Twenty', files: ids }));
    await target.log.runEnd(chat.id);
    expect(llm.messageRequests().at(-1)?.body?.messages?.[0]?.content).toHaveLength(21);
  }, 90_000);

  it('takes a 20 MB PDF over web mode\'s WebSocket in one call (27 MB of base64, past the old 16 MB frame limit)', async () => {
    data = tempDataDir();
    web = await startWebMode({ dataDir: data.dir, port: 0, openBrowser: false, hostEnv: { logger: silentLogger } });
    const big = Buffer.concat([makePdf(2), Buffer.alloc(20 * 1024 * 1024 - makePdf(2).length, 0x20)]);
    const socket = new WebSocket(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`, { headers: { Origin: `http://127.0.0.1:${web.port}` } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const answer = new Promise<{ id: number; result: { ok: boolean; value?: { kind: string; pages: number; size: number } } }>((resolve, reject) => {
      socket.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString('utf8')) as { id?: number };
        if (message.id === 1) resolve(message as { id: number; result: { ok: boolean; value?: { kind: string; pages: number; size: number } } });
      });
      socket.once('close', (code) => reject(new Error(`socket closed ${code}`)));
    });
    socket.send(JSON.stringify({ id: 1, call: 'attachments.add', params: { name: 'big.pdf', data: big.toString('base64') } }));
    const { result } = await answer;
    socket.close();
    expect(result).toMatchObject({ ok: true, value: { kind: 'pdf', pages: 2, size: big.length } });
  }, 90_000);
});
