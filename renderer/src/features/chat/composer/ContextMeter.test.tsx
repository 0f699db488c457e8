// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ContextUsage } from '../../../../../shared/chat.ts';
import { ok } from '../../../../../shared/errors.ts';
import { setBridgeForTests } from '../../../bridge/index.ts';
import { initI18n } from '../../../i18n/index.ts';
import { fakeBridge } from '../../common/fakeBridge.ts';
import { ContextMeter, formatTokens } from './ContextMeter.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
});

const usage = (over: Partial<ContextUsage> = {}): ContextUsage => ({
  inputTokens: 150_000, windowTokens: 200_000, reservedTokens: 8192, counted: 'api',
  clearedToolResults: 0, summarizedMessages: 0, droppedMessages: 0, apiContextManagement: false, ...over,
});

describe('ContextMeter', () => {
  it('shows the last request’s tokens against the window, asked again when a run ends', async () => {
    let answer: ContextUsage | null = usage({ inputTokens: 9_500 });
    const fake = fakeBridge({ 'chat.context': () => ok(answer) });
    setBridgeForTests(fake.bridge);
    const view = render(<ContextMeter chatId="c1" run={{ chatId: 'c1', generating: false }} />);
    const meter = await screen.findByRole('meter', { name: 'Context window used by the last request' });
    expect(meter.textContent).toBe('9.5K / 200K tokens');
    expect(meter.getAttribute('aria-valuenow')).toBe('9500');
    expect(meter.getAttribute('title')).toContain('counted by the API');
    expect(screen.queryByRole('status')).toBeNull();

    // While generating it keeps what it shows; at the run's end it reads the new numbers, now near the limit.
    answer = usage({ inputTokens: 185_000, clearedToolResults: 4, summarizedMessages: 120 });
    view.rerender(<ContextMeter chatId="c1" run={{ chatId: 'c1', generating: true }} />);
    view.rerender(<ContextMeter chatId="c1" run={{ chatId: 'c1', generating: false }} />);
    await screen.findByText('185K / 200K tokens');
    expect(screen.getByRole('meter').className).toContain('is-full');
    expect(screen.getByRole('status').textContent).toBe('Older messages summarized (120) · Tool results cleared: 4');
    expect(fake.calls.filter((c) => c.name === 'chat.context')).toHaveLength(2);
  });

  it('says when messages were left out without a summary, and shows nothing before a first request', async () => {
    let answer: ContextUsage | null = null;
    setBridgeForTests(fakeBridge({ 'chat.context': () => ok(answer) }).bridge);
    const view = render(<ContextMeter chatId="c2" run={undefined} />);
    await Promise.resolve();
    expect(screen.queryByTestId('context-meter')).toBeNull();
    answer = usage({ droppedMessages: 30, counted: 'estimate' });
    view.rerender(<ContextMeter chatId="c3" run={undefined} />);
    expect((await screen.findByRole('status')).textContent).toBe('Left out without a summary: 30');
    expect(screen.getByRole('meter').getAttribute('title')).toContain('estimated');
  });

  it('reads the numbers again after a run whose start and end reached the window in one frame', async () => {
    let answer: ContextUsage | null = null;
    const fake = fakeBridge({ 'chat.context': () => ok(answer) });
    setBridgeForTests(fake.bridge);
    const view = render(<ContextMeter chatId="c4" run={{ chatId: 'c4', generating: false }} />);
    await expect.poll(() => fake.calls.filter((c) => c.name === 'chat.context').length).toBe(1);
    expect(screen.queryByTestId('context-meter')).toBeNull();
    // The run's two state events were applied in one frame: the flag never showed true, the state object is new.
    answer = usage({ inputTokens: 12_500 });
    view.rerender(<ContextMeter chatId="c4" run={{ chatId: 'c4', generating: false }} />);
    expect((await screen.findByRole('meter')).textContent).toBe('13K / 200K tokens');
  });

  it('formats token counts compactly', () => {
    expect([950, 1000, 9_500, 12_500, 200_000, 1_000_000].map(formatTokens)).toEqual(['950', '1K', '9.5K', '13K', '200K', '1M']);
  });
});
