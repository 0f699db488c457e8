// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { SearchIndexStatus } from '../../../../shared/contract.ts';
import { ok } from '../../../../shared/errors.ts';
import { hostError } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { fakeBridge } from '../common/fakeBridge.ts';
import { SearchIndexLine } from '../sidebar/SearchIndexLine.tsx';
import { StorageNotices } from './StorageNotices.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
  useStore.setState({ storageNotices: [], notices: [], searchIndex: { state: 'ready' }, appInfo: undefined });
});

function connect(status: SearchIndexStatus) {
  const fake = fakeBridge({
    'app.info': () => ok({ version: '0', mode: 'web', dataDir: '/d', platform: 'linux', notices: [], storageNotices: [] }),
    'searchIndex.status': () => ok(status),
  });
  useStore.getState().bindNotices(fake.bridge);
  return fake;
}

describe('search index notice', () => {
  it('shows the progress of a build under way (asked at start), follows the pushes and goes away when done', async () => {
    const fake = connect({ state: 'indexing', percent: 42 });
    render(
      <>
        <StorageNotices />
        <SearchIndexLine query="hà nội" />
      </>,
    );
    const notice = await screen.findByTestId('search-index-notice');
    expect(notice.textContent).toContain('Indexing your chat history for search: 42%');
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('42');
    expect(screen.getByTestId('search-index-line').textContent).toBe('Still indexing older chats (42%): results may be incomplete.');

    act(() => fake.emit('searchIndex.changed', { state: 'indexing', percent: 87 }));
    expect(screen.getByTestId('search-index-notice').textContent).toContain('87%');
    expect(screen.getByTestId('search-index-line').textContent).toContain('87%');

    act(() => fake.emit('searchIndex.changed', { state: 'ready' }));
    expect(screen.queryByTestId('search-index-notice')).toBeNull();
    expect(screen.queryByTestId('search-index-line')).toBeNull();
    expect(screen.queryByTestId('storage-notices')).toBeNull();
    // The end of a build the window watched is said once, as a toast.
    expect(useStore.getState().notices.map((n) => n.titleKey)).toEqual(['common:searchIndex.done']);
  });

  it('shows nothing when the index is ready, and no sidebar line without a search', async () => {
    const fake = connect({ state: 'ready' });
    render(
      <>
        <StorageNotices />
        <SearchIndexLine query="" />
      </>,
    );
    await waitFor(() => expect(fake.calls.map((c) => c.name)).toContain('searchIndex.status'));
    expect(screen.queryByTestId('storage-notices')).toBeNull();
    act(() => fake.emit('searchIndex.changed', { state: 'indexing', percent: 3 }));
    expect(screen.getByTestId('search-index-notice')).toBeTruthy();
    expect(screen.queryByTestId('search-index-line')).toBeNull();
  });

  it('says when the build failed, with its code, translated (vi); Dismiss hides it', async () => {
    await i18next.changeLanguage('vi');
    const error = hostError('storage_error', hostMessage('search.indexFailed', { reason: 'disk I/O error' }));
    connect({ state: 'failed', error });
    render(<StorageNotices />);
    const notice = await screen.findByTestId('search-index-notice');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('Không lập chỉ mục tìm kiếm được cho các tin nhắn cũ (disk I/O error)');
    expect(notice.textContent).toContain('storage_error');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Bỏ qua' }));
    expect(screen.queryByTestId('search-index-notice')).toBeNull();
  });
});
