// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { Toaster } from './Toaster.tsx';
import { noticeApplies } from './useAppNotices.ts';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useStore.setState({ notices: [] });
});

const raise = (count: number) => {
  for (let i = 1; i <= count; i++) useStore.getState().notify({ tone: 'success', titleKey: 'servers:import.notice', values: { count: i } });
};

describe('Toaster', () => {
  it('shows three toasts at most and counts the rest as "+N"; the next shows when one is dismissed', () => {
    render(<Toaster />);
    act(() => raise(5));
    expect(screen.getAllByTestId('toast')).toHaveLength(3);
    expect(screen.getByTestId('toast-more').textContent).toContain('+2 more');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(screen.getAllByTestId('toast')).toHaveLength(3);
    expect(screen.getByTestId('toast-more').textContent).toContain('+1 more');
  });

  it('does not freeze a toast under the pointer: it goes on time', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => raise(1));
    const toast = screen.getByTestId('toast');
    fireEvent.mouseEnter(toast);
    fireEvent.mouseMove(toast);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('waits while keyboard focus is inside a toast, so it can be read and dismissed', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => raise(1));
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('renders in the strip outside the app, which publishes its height for the layout to reserve', () => {
    render(<Toaster />);
    act(() => raise(1));
    const strip = screen.getByTestId('toast-strip');
    expect(strip.parentElement).toBe(document.body);
    expect(document.documentElement.style.getPropertyValue('--toast-strip-h')).toMatch(/^\d+px$/);
  });

  it("says a host refusal in the user's language when the host sent it as a code, never its English", async () => {
    const english = 'Nothing to retry: the last answer did not fail. Send a new message, or use Continue.';
    await i18next.changeLanguage('vi');
    try {
      render(<Toaster />);
      act(() => useStore.getState().notifyError('chat:toast.retryFailed', { code: 'invalid_params', message: english, text: { code: 'chat.nothingToRetry' } }));
      const text = screen.getByTestId('toast').textContent ?? '';
      expect(text).toContain('Thử lại không thành công');
      expect(text).toContain('Không có gì để thử lại: câu trả lời gần nhất không bị lỗi.');
      expect(text).not.toContain(english);
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

describe('first-run notices', () => {
  it('holds "your key is kept in a file" until a key exists', () => {
    expect(noticeApplies('secrets_in_file', undefined)).toBe(false);
    expect(noticeApplies('secrets_in_file', { hasApiKey: false } as Parameters<typeof noticeApplies>[1])).toBe(false);
    expect(noticeApplies('secrets_in_file', { hasApiKey: true } as Parameters<typeof noticeApplies>[1])).toBe(true);
    expect(noticeApplies('some other notice', undefined)).toBe(true);
  });
});
