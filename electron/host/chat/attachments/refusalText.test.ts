import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attachmentLimits } from '../../../../shared/attachments.ts';
import { englishOf } from '../../../../shared/hostMessages.ts';
import { AttachmentStore } from './attachmentStore.ts';
import { checkFile, checkMessage } from './limits.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('attachment refusals as host message codes (the composer translates them)', () => {
  it('names a refused binary by a code, with its English in message', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sb-refusal-'));
    const store = new AttachmentStore(dir);
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]).toString('base64');
    const refused = await store.stage('report.docx', zip);
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_params', detail: 'unsupported_type', text: { code: 'attach.unsupported', params: { name: 'report.docx', seems: 'zip' } } } });
    if (!refused.ok) {
      expect(refused.error.message).toBe(englishOf(refused.error.text ?? { code: 'attach.noSuch' }));
      expect(refused.error.message).toContain('looks like a ZIP archive (or an Office document)');
    }
    expect(await store.thumbnail('chat', 'no such id')).toMatchObject({ ok: false, error: { text: { code: 'attach.noSuch' } } });
  });

  it('says which limit a file or a message passes, with the numbers as parameters', () => {
    expect(checkFile({ name: 'big.pdf', kind: 'pdf', size: 10, pages: attachmentLimits.pdfPages + 1 })).toMatchObject({
      ok: false,
      error: { detail: 'too_many_pages', text: { code: 'attach.pdfPages', params: { name: 'big.pdf', pages: attachmentLimits.pdfPages + 1, max: attachmentLimits.pdfPages } } },
    });
    const files = Array.from({ length: attachmentLimits.filesPerMessage + 1 }, () => ({ kind: 'text' as const, size: 1 }));
    expect(checkMessage(files)).toMatchObject({ ok: false, error: { detail: 'too_many', text: { code: 'attach.tooManyFiles', params: { count: files.length, max: attachmentLimits.filesPerMessage } } } });
  });
});
