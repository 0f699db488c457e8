// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ok } from '../../../../../../shared/errors.ts';
import type { FileAttachmentBlock } from '../../../../../../shared/chat.ts';
import { setBridgeForTests } from '../../../../bridge/index.ts';
import { initI18n } from '../../../../i18n/index.ts';
import { fakeBridge } from '../../../common/fakeBridge.ts';
import { FileChips, FileNotices } from './FileChips.tsx';
import { SentFile } from './SentFiles.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => cleanup());

const pixel = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

describe('attachment chips', () => {
  it('lists the composer\'s files with a named remove button each, and a spinner while one is checked', () => {
    const onRemove = vi.fn();
    render(
      <FileChips
        files={[
          { key: 'a', name: 'photo.png', state: 'ready', info: { id: '1', name: 'photo.png', kind: 'image', mimeType: 'image/png', size: 10, thumbnail: pixel } },
          { key: 'b', name: 'big.pdf', state: 'uploading' },
        ]}
        onRemove={onRemove}
      />,
    );
    const list = screen.getByRole('list', { name: 'Attached files' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('status', { name: 'Checking big.pdf…' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove big.pdf' }));
    expect(onRemove).toHaveBeenCalledWith('b');
  });

  it('shows why files were not attached, translated or as the host said it', () => {
    const onDismiss = vi.fn();
    render(<FileNotices notices={[{ name: 'x.iso', key: 'problem.tooLarge', values: { name: 'x.iso', size: '40.0', max: 32 } }, { name: 'a.zip', message: '"a.zip" looks like a ZIP archive.' }]} onDismiss={onDismiss} />);
    expect(screen.getByRole('alert').textContent).toBe('"x.iso" is 40.0 MB; a file can be at most 32 MB."a.zip" looks like a ZIP archive.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('shows a sent image\'s thumbnail fetched through the bridge, keeping its size while it loads', async () => {
    const { bridge, calls } = fakeBridge({ 'attachments.thumbnail': () => ok({ dataUrl: pixel }) });
    setBridgeForTests(bridge);
    const block: FileAttachmentBlock = { type: 'file', id: 'img-1', name: 'chart.png', kind: 'image', mimeType: 'image/png', size: 2048, width: 1568, height: 900 };
    const { container } = render(<SentFile chatId="c1" block={block} />);
    expect(container.querySelector('.chat-file-thumb.is-placeholder')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Attached image chart.png' }).getAttribute('src')).toBe(pixel));
    expect(calls).toEqual([{ name: 'attachments.thumbnail', params: { chatId: 'c1', id: 'img-1' } }]);
    expect(screen.getByTestId('sent-file').getAttribute('title')).toBe('chart.png · 1568×900');
  });
});
