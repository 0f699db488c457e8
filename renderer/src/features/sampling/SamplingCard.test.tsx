// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { hostErr, ok } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import type { PendingSampling } from '../../../../shared/sampling.ts';
import { initI18n } from '../../i18n/index.ts';
import { SamplingCard } from './SamplingCard.tsx';

const request = (overrides: Partial<PendingSampling> = {}): PendingSampling => ({
  id: 's1', serverId: 'everything', chatId: 'c1', createdAt: 0, expiresAt: 1, stage: 'request',
  messages: [{ role: 'user', text: 'Write a haiku', editable: true }], systemPrompt: 'You are a poet.', maxTokens: 100,
  modelPreferences: { hints: ['claude-3-sonnet'], intelligencePriority: 0.8 }, ...overrides,
});

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('SamplingCard', () => {
  it('shows server, messages, system prompt, max tokens and preferences, and sends the edits on "Allow with changes"', async () => {
    const onAnswer = vi.fn(() => Promise.resolve(ok(null)));
    render(<SamplingCard request={request()} onAnswer={onAnswer} />);
    const card = screen.getByRole('group', { name: 'Sampling request from everything' });
    expect(card.textContent).toContain('Write a haiku');
    expect(card.textContent).toContain('You are a poet.');
    expect(card.textContent).toContain('100');
    expect(card.textContent).toContain('hints: claude-3-sonnet · intelligence 0.8');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Edit then allow' }));
    const message = within(card).getByRole('textbox', { name: 'Message 1' });
    await user.clear(message);
    await user.type(message, 'Write a limerick');
    const tokens = within(card).getByRole('textbox', { name: 'Max tokens' });
    await user.clear(tokens);
    await user.type(tokens, '40');
    await user.click(within(card).getByRole('button', { name: 'Allow with changes' }));
    expect(onAnswer).toHaveBeenCalledWith('s1', { action: 'allow', edit: { messages: { '0': 'Write a limerick' }, maxTokens: 40 } });
  });

  it('shows the model\'s answer before it goes back, with Send and Don\'t send', async () => {
    const onAnswer = vi.fn(() => Promise.resolve(ok(null)));
    render(<SamplingCard request={request({ stage: 'result', result: { model: 'claude-sonnet-5-5', text: 'Switches click softly' } })} onAnswer={onAnswer} />);
    expect(screen.getByTestId('sampling-result').textContent).toContain('Switches click softly');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Don\'t send' }));
    expect(onAnswer).toHaveBeenCalledWith('s1', { action: 'deny' });
  });

  it("says the host's refusal of an answer in the user's language", async () => {
    await i18next.changeLanguage('vi');
    try {
      const english = 'This sampling request is no longer waiting for an answer';
      const onAnswer = vi.fn(() => Promise.resolve(hostErr<null>('not_found', hostMessage('sampling.gone'))));
      render(<SamplingCard request={request()} onAnswer={onAnswer} />);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Từ chối' }));
      const card = screen.getByRole('group');
      expect(card.textContent).toContain('Yêu cầu lấy mẫu này không còn chờ câu trả lời nữa');
      expect(card.textContent).not.toContain(english);
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
