// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hostErr, ok } from '../../../../shared/errors.ts';
import i18next from 'i18next';
import { initI18n } from '../../i18n/index.ts';
import { UrlElicitation } from './UrlElicitation.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

function show(url: string) {
  const onOpen = vi.fn((_url: string) => Promise.resolve(ok(null)));
  const onAnswer = vi.fn(() => Promise.resolve(ok(null)));
  render(<UrlElicitation url={url} onOpen={onOpen} onAnswer={onAnswer} />);
  return { onOpen, onAnswer, user: userEvent.setup() };
}

function warnings(): string[] {
  const list = screen.queryByRole('list', { name: 'Warnings' });
  return list ? within(list).getAllByRole('listitem').map((li) => li.textContent ?? '') : [];
}

describe('UrlElicitation', () => {
  it('shows the full URL with its host highlighted and no warning for a plain https link', () => {
    show('https://auth.example.com/oauth/authorize?client=switchboard');
    expect(screen.getByTestId('elicit-url-host').textContent).toBe('auth.example.com');
    const full = screen.getByTestId('elicit-url-full');
    expect(full.textContent).toBe('https://auth.example.com/oauth/authorize?client=switchboard');
    expect(full.querySelector('mark')?.textContent).toBe('auth.example.com');
    expect(warnings()).toEqual([]);
  });

  it('warns about a link that is not https', () => {
    show('http://example.com/login');
    expect(warnings()).toEqual([expect.stringContaining('Not a secure (https) address')]);
  });

  it('shows a punycode look-alike domain in Unicode, names its ASCII form, and warns twice', () => {
    show('https://xn--pple-43d.com/signin');
    expect(screen.getByTestId('elicit-url-host').textContent).toBe('\u0430pple.com');
    expect(screen.getByText('Registered as xn--pple-43d.com')).toBeTruthy();
    const shown = warnings();
    expect(shown).toHaveLength(2);
    expect(shown[0]).toContain('punycode');
    expect(shown[1]).toContain('mixes letters from different alphabets');
  });

  it('opens through the given opener, then accepts; never fetches the URL', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { onOpen, onAnswer, user } = show('https://example.com/flow');
    await user.click(screen.getByRole('button', { name: 'Open in browser' }));
    expect(onOpen).toHaveBeenCalledWith('https://example.com/flow');
    expect(onAnswer).toHaveBeenCalledWith({ action: 'accept' });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('declines without opening', async () => {
    const { onOpen, onAnswer, user } = show('https://example.com/flow');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onOpen).not.toHaveBeenCalled();
    expect(onAnswer).toHaveBeenCalledWith({ action: 'decline' });
  });

  it('refuses to open a URL that is not a web address', () => {
    show('javascript:alert(1)');
    expect(screen.getByRole('button', { name: 'Open in browser' })).toHaveProperty('disabled', true);
  });
  it("shows the host's refusal of the answer in the user's language (zh-CN), not its English", async () => {
    await i18next.changeLanguage('zh-CN');
    try {
      const onOpen = vi.fn((_url: string) => Promise.resolve(ok(null)));
      const onAnswer = vi.fn(() => Promise.resolve(hostErr<null>('not_found', { code: 'servers.notWaiting', params: {} })));
      render(<UrlElicitation url="https://example.com/flow" onOpen={onOpen} onAnswer={onAnswer} />);
      await userEvent.setup().click(screen.getByRole('button', { name: i18next.t('elicitation:decline') }));
      const shown = await screen.findByText((text) => text.includes(i18next.t('hostMessages:servers.notWaiting')));
      expect(shown.textContent).not.toContain('no longer waiting');
      expect(shown.textContent).toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
