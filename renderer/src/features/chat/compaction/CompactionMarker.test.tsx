// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { initI18n } from '../../../i18n/index.ts';
import { CompactionMarker } from './CompactionMarker.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('CompactionMarker', () => {
  it('shows that earlier messages were compacted, closed, and opens to the summary', async () => {
    const user = userEvent.setup();
    render(<CompactionMarker block={{ type: 'compaction', content: 'The user planned a **trip** to Hà Nội.', apiFields: { encrypted_content: 'x' } }} />);
    const marker = screen.getByTestId('compaction-marker');
    expect(marker.tagName).toBe('DETAILS');
    expect(marker.hasAttribute('open')).toBe(false);
    await user.click(screen.getByText('Earlier messages compacted'));
    expect(marker.hasAttribute('open')).toBe(true);
    expect(marker.textContent).toContain('The user planned a trip to Hà Nội.');
    expect(marker.querySelector('strong')?.textContent).toBe('trip');
  });

  it('shows markup in a summary as text, never as elements', () => {
    render(<CompactionMarker block={{ type: 'compaction', content: 'Note <img src=x onerror="alert(1)"><script>alert(2)</script> [link](javascript:alert(3))', apiFields: {} }} />);
    const marker = screen.getByTestId('compaction-marker');
    expect(marker.querySelector('img, script')).toBeNull();
    expect([...marker.querySelectorAll('a')].some((a) => a.getAttribute('href')?.startsWith('javascript:'))).toBe(false);
  });

  it('shows a failed compaction as failed, with nothing to open', () => {
    render(<CompactionMarker block={{ type: 'compaction', content: null, apiFields: {} }} />);
    const marker = screen.getByTestId('compaction-marker');
    expect(marker.tagName).not.toBe('DETAILS');
    expect(marker.textContent).toContain('Compacting earlier messages failed');
    expect(screen.queryByText('Earlier messages compacted')).toBeNull();
  });

  it('speaks Vietnamese and Chinese', async () => {
    try {
      await i18next.changeLanguage('vi');
      const { unmount } = render(<CompactionMarker block={{ type: 'compaction', content: 'x', apiFields: {} }} />);
      expect(screen.getByText('Các tin nhắn trước đã được nén')).toBeTruthy();
      unmount();
      await i18next.changeLanguage('zh-CN');
      render(<CompactionMarker block={{ type: 'compaction', content: 'x', apiFields: {} }} />);
      expect(screen.getByText('较早的消息已压缩')).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
