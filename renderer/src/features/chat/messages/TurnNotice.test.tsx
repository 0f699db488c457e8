// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { initI18n } from '../../../i18n/index.ts';
import { TurnNotice } from './TurnNotice.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

/** A call the host has not answered yet, and the function that answers it. */
function pendingCall() {
  let answer: () => void = () => {};
  const fn = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
  return { fn, answer: () => answer() };
}

describe('TurnNotice', () => {
  it('sends Retry once however fast it is clicked, and offers it again once the host answered', async () => {
    const user = userEvent.setup();
    const retry = pendingCall();
    render(<TurnNotice error={{ code: 'api_overloaded', message: 'Overloaded' }} onRetry={retry.fn} onContinue={vi.fn()} onOpenSettings={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Retry' });
    await user.dblClick(button);
    expect(retry.fn).toHaveBeenCalledTimes(1);
    retry.answer();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toHaveProperty('disabled', false));
  });

  it("says a rate limit in the user's language from its code, once, with no English left", async () => {
    const error = {
      code: 'api_rate_limited' as const,
      message: 'Rate limited by the API (429), still after retrying. The API asked to wait 7 s. Wait a moment, then press Retry.',
      text: { code: 'api.rateLimitedWait' as const, params: { seconds: 7 } },
    };
    try {
      await i18next.changeLanguage('zh-CN');
      const { container } = render(<TurnNotice error={error} onRetry={vi.fn()} onContinue={vi.fn()} onOpenSettings={vi.fn()} />);
      const text = container.textContent ?? '';
      expect(text).toContain('API 要求等待 7 秒');
      expect(text).not.toMatch(/Rate limited|Wait a moment|press Retry/);
      // The next step is in the host's sentence: the generic one would say it twice.
      expect(text).not.toContain(i18next.t('chat:nextStep.api_rate_limited'));
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('sends Continue once however fast it is clicked', async () => {
    const user = userEvent.setup();
    const next = pendingCall();
    render(<TurnNotice notice="max_tokens" onRetry={vi.fn()} onContinue={next.fn} onOpenSettings={vi.fn()} />);
    await user.dblClick(screen.getByRole('button', { name: 'Continue' }));
    expect(next.fn).toHaveBeenCalledTimes(1);
  });

  it('offers no Continue after a refusal', () => {
    render(<TurnNotice notice="refusal" onRetry={vi.fn()} onContinue={vi.fn()} onOpenSettings={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});
