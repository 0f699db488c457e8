// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import * as Tooltip from '@radix-ui/react-tooltip';
import { ok } from '../../../../../shared/errors.ts';
import type { ModelUsage } from '../../../../../shared/pricing/modelPrices.ts';
import { defaultSettings } from '../../../../../shared/settings.ts';
import { setBridgeForTests } from '../../../bridge/index.ts';
import { initI18n } from '../../../i18n/index.ts';
import { useStore } from '../../../store/index.ts';
import { fakeBridge } from '../../common/fakeBridge.ts';
import { UsageInfo } from '../messages/UsageInfo.tsx';
import { ChatCost } from './ChatCost.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ settings: undefined });
});

const usage = { inputTokens: 120_000, outputTokens: 4_000, cacheReadTokens: 300_000, cacheWriteTokens: 10_000 };

describe('cost', () => {
  it('shows a message’s estimated cost from the price table (Sonnet: 0.36 + 0.06 + 0.09 + 0.0375)', () => {
    render(
      <Tooltip.Provider>
        <UsageInfo usage={usage} model="claude-sonnet-4-6" />
      </Tooltip.Provider>,
    );
    expect(screen.getByTestId('message-usage').getAttribute('aria-label')).toBe('Token usage: 434,000 tokens, estimated cost $0.548');
  });

  it('uses the override from Settings, and says when a model has no price', () => {
    useStore.setState({ settings: { ...defaultSettings, modelPrices: { 'gw/x': { input: 1, output: 1, cacheWrite: 0, cacheRead: 0 } }, hasApiKey: true, secretStorage: 'file' } });
    const view = render(
      <Tooltip.Provider>
        <UsageInfo usage={usage} model="gw/x" />
      </Tooltip.Provider>,
    );
    expect(screen.getByTestId('message-usage').textContent).toContain('$0.124');
    view.rerender(
      <Tooltip.Provider>
        <UsageInfo usage={usage} model="gw/unknown" />
      </Tooltip.Provider>,
    );
    expect(screen.getByTestId('message-usage').textContent).not.toContain('$');
  });

  it('totals a chat over its models from the host, asked again when a run ends', async () => {
    let answer: ModelUsage[] = [{ model: 'claude-haiku-4-5', replies: 2, usage }];
    const fake = fakeBridge({ 'chats.usage': () => ok(answer) });
    setBridgeForTests(fake.bridge);
    const view = render(
      <Tooltip.Provider>
        <ChatCost chatId="c1" generating={false} />
      </Tooltip.Provider>,
    );
    // Haiku: 0.12 + 0.02 + 0.03 + 0.0125 = 0.1825
    expect((await screen.findByTestId('chat-cost')).getAttribute('aria-label')).toBe('Estimated cost of this chat: $0.183, 434,000 tokens');
    answer = [...answer, { model: 'claude-sonnet-4-6', replies: 1, usage }];
    view.rerender(
      <Tooltip.Provider>
        <ChatCost chatId="c1" generating />
      </Tooltip.Provider>,
    );
    view.rerender(
      <Tooltip.Provider>
        <ChatCost chatId="c1" generating={false} />
      </Tooltip.Provider>,
    );
    await screen.findByText('$0.73');
  });
});
