// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { parseImportDocument, planImport, previewImport } from '../../../../../shared/importConfig.ts';
import { initI18n } from '../../../i18n/index.ts';
import { FileNotices } from '../../chat/composer/attachments/FileChips.tsx';
import { ImportResult } from './ImportDialog.tsx';
import { ImportRowView } from './ImportRowView.tsx';

beforeAll(() => {
  initI18n('vi');
});
afterEach(cleanup);
afterAll(async () => {
  await i18next.changeLanguage('en');
});

// A document with a bad entry and one that clashes, read and planned by the host's own functions.
const parsed = parseImportDocument(JSON.stringify({ mcpServers: { bad: { command: 'x', connectTimeoutMs: 5 }, Notes: { command: 'node' } } }));
if (!parsed.ok) throw new Error(parsed.error.message);
const preview = previewImport(parsed.value, ['notes']);
const { outcome } = planImport(parsed.value, [{ name: 'bad', action: 'add' }, { name: 'Notes', action: 'add' }], ['notes']);

describe('import and attachment messages from the host, in the user language', () => {
  for (const [language, expected] of [
    ['vi', { row: 'connectTimeoutMs: phải ít nhất là 1000', clash: 'Đã có một máy chủ tên "notes": hãy đổi tên hoặc thay thế nó', file: 'có vẻ là một tệp nén ZIP' }],
    ['zh-CN', { row: 'connectTimeoutMs：不能小于 1000', clash: '名为 "notes" 的服务器已存在：请重命名或替换它', file: '看起来是ZIP 压缩包' }],
  ] as const) {
    it(`writes the preview's entry error, the failed decisions and a refused file in ${language}`, async () => {
      await i18next.changeLanguage(language);
      const bad = preview.entries.find((entry) => entry.name === 'bad');
      if (!bad) throw new Error('no bad entry');
      const row = render(<ImportRowView row={{ entry: bad, selected: false, resolution: 'rename', newName: '' }} index={0} onChange={() => {}} />);
      expect(row.getByTestId('import-error').textContent).toContain(expected.row);
      cleanup();

      const result = render(<ImportResult outcome={outcome} />).container.textContent ?? '';
      expect(result).toContain(expected.row);
      expect(result).toContain(expected.clash);
      expect(result).not.toMatch(/already exists|Too small|must be at least/);
      cleanup();

      const notice = { name: 'a.docx', message: '"a.docx" looks like a ZIP archive (or an Office document).', text: { code: 'attach.unsupported' as const, params: { name: 'a.docx', seems: 'zip' } } };
      const notices = render(<FileNotices notices={[notice]} onDismiss={() => {}} />);
      expect(notices.getByRole('alert').textContent).toContain(expected.file);
      expect(notices.getByRole('alert').textContent).not.toContain('looks like');
    });
  }
});
