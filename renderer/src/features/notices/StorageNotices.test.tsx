// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StorageNotice } from '../../../../shared/contract.ts';
import i18next from 'i18next';
import { err, ok } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { fakeBridge } from '../common/fakeBridge.ts';
import { StorageNotices } from './StorageNotices.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ storageNotices: [], notices: [], appInfo: undefined });
});

const history: StorageNotice = {
  id: 'h1',
  kind: 'history_moved_aside',
  file: 'history.db',
  keptAs: 'history.db.corrupt-2026-12-01T10-00-00-000Z',
  reason: 'file is not a database',
  at: '2026-12-01T10:00:00.000Z',
};
const settings: StorageNotice = { id: 's1', kind: 'settings_unreadable', file: 'settings.json', keptAs: 'settings.json.unreadable-x', reason: "Expected ',' at line 1, column 24", at: '2026-12-01T10:00:00.000Z' };

function connect(handlers: Parameters<typeof fakeBridge>[0]) {
  const fake = fakeBridge({
    'app.info': () => ok({ version: '0', mode: 'web', dataDir: '/home/ana/.config/Switchboard', platform: 'linux', notices: [], storageNotices: [history, settings] }),
    ...handlers,
  });
  useStore.setState({ appInfo: { version: '0', mode: 'web', dataDir: '/home/ana/.config/Switchboard', platform: 'linux', notices: [] } });
  useStore.getState().bindNotices(fake.bridge);
  return fake;
}

describe('storage notices', () => {
  it('say which file was kept aside, where, and why; Dismiss asks the host to forget the notice', async () => {
    const fake = connect({ 'storage.dismissNotice': ({ id }) => ok([history, settings].filter((n) => n.id !== id)) });
    render(<StorageNotices />);
    const rows = await screen.findAllByTestId('storage-notice');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('history.db.corrupt-2026-12-01T10-00-00-000Z');
    expect(rows[0]?.textContent).toContain('/home/ana/.config/Switchboard');
    expect(rows[0]?.textContent).toContain('file is not a database');
    expect(rows[1]?.textContent).toContain("Expected ',' at line 1, column 24");
    // Only a history can be restored.
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Restore/ })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss the notice about settings.json.unreadable-x' }));
    await waitFor(() => expect(screen.getAllByTestId('storage-notice')).toHaveLength(1));
    expect(fake.calls.filter((c) => c.name === 'storage.dismissNotice').map((c) => c.params)).toEqual([{ id: 's1' }]);
  });

  it('Restore asks first, then restores; a refusal is shown as an error and the notice stays', async () => {
    let answer = err<StorageNotice[]>('storage_error', 'history.db.corrupt-x could not be used as the chat history (file is not a database). Nothing was changed.');
    const fake = connect({ 'storage.restoreHistory': () => answer });
    render(<StorageNotices />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(useStore.getState().notices.map((n) => n.code)).toEqual(['storage_error']));
    expect(screen.getAllByTestId('storage-notice')).toHaveLength(2);

    answer = ok([{ ...history, id: 'h2', keptAs: 'history.db.replaced-y' }, settings]);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getAllByTestId('storage-notice')[0]?.textContent).toContain('history.db.replaced-y'));
    expect(fake.calls.filter((c) => c.name === 'storage.restoreHistory').map((c) => c.params)).toEqual([{ id: 'h1' }, { id: 'h1' }]);
  });

  it('translates a reason the host worded (vi), and shows a library’s own words as they are', async () => {
    const replaced: StorageNotice = { ...history, id: 'h3', reason: 'replaced by history.db.corrupt-x at your request', reasonText: hostMessage('store.reasonReplaced', { file: 'history.db.corrupt-x' }) };
    const fake = fakeBridge({ 'app.info': () => ok({ version: '0', mode: 'web', dataDir: '/d', platform: 'linux', notices: [], storageNotices: [replaced, settings] }) });
    useStore.setState({ appInfo: { version: '0', mode: 'web', dataDir: '/d', platform: 'linux', notices: [] } });
    await i18next.changeLanguage('vi');
    try {
      useStore.getState().bindNotices(fake.bridge);
      render(<StorageNotices />);
      const rows = await screen.findAllByTestId('storage-notice');
      expect(rows[0]?.textContent).toContain('được thay bằng history.db.corrupt-x theo yêu cầu của bạn');
      expect(rows[0]?.textContent).not.toContain('at your request');
      expect(rows[1]?.textContent).toContain("Expected ',' at line 1, column 24");
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
