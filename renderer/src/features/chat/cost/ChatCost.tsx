/**
 * A chat's estimated cost in its header: tokens of every reply (all branches) priced with the table in
 * shared/pricing/modelPrices.ts and the user's overrides. Read from the host (chats.usage) when the chat opens and
 * after each run, so pages not loaded count too.
 */
import { memo, useEffect, useState } from 'react';
import * as Tooltip from '@radix-ui/react-tooltip';
import { useTranslation } from 'react-i18next';
import { Coins } from 'lucide-react';
import { chatCost, costOf, formatCost, priceFor, PRICES_AS_OF, type ModelUsage } from '../../../../../shared/pricing/modelPrices.ts';
import { call } from '../../../bridge/index.ts';
import { useStore } from '../../../store/index.ts';
import { formatCount } from '../model/format.ts';
import './chatCost.css';

/**
 * The cost badge of one chat; nothing until a reply reported usage. Memoized: the chat view re-renders with every frame
 * of a streaming reply, and this badge changes only with its props and the price settings.
 */
export const ChatCost = memo(function ChatCost({ chatId, generating, refreshKey }: { chatId: string; generating: boolean; refreshKey?: string }) {
  const { t, i18n } = useTranslation('pricing');
  const overrides = useStore((s) => s.settings?.modelPrices);
  const [byModel, setByModel] = useState<ModelUsage[]>([]);

  // Asked again when a run ends and when the newest message or its usage changes (usage can come just after the run's end);
  // older pages loading while scrolling up do not ask again.
  useEffect(() => {
    if (generating) return;
    let current = true;
    void call('chats.usage', { chatId }).then((result) => {
      if (current && result.ok) setByModel(result.value);
    });
    return () => {
      current = false;
    };
  }, [chatId, generating, refreshKey]);

  if (byModel.length === 0) return null;
  const { cost, unpriced } = chatCost(byModel, overrides);
  const tokens = byModel.reduce((sum, m) => sum + m.usage.inputTokens + m.usage.outputTokens + m.usage.cacheReadTokens + m.usage.cacheWriteTokens, 0);
  const money = formatCost(cost, i18n.language);
  const count = formatCount(tokens, i18n.language);
  return (
    <Tooltip.Root delayDuration={150}>
      <Tooltip.Trigger asChild>
        <button type="button" className="chat-cost" data-testid="chat-cost" aria-label={t('chat.label', { cost: money, tokens: count })}>
          <Coins size={14} aria-hidden />
          <span className="chat-cost-value">{money}</span>{' '}
          <span className="chat-cost-tokens">{t('chat.tokens', { tokens: count })}</span>
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="chat-tooltip chat-cost-tip" side="bottom" sideOffset={6}>
          <ul>
            {byModel.map((m) => {
              const price = priceFor(m.model, overrides);
              return (
                <li key={m.model}>
                  {t('chat.model', { model: m.model || '?', replies: m.replies, cost: price ? formatCost(costOf(m.usage, price), i18n.language) : '—' })}
                </li>
              );
            })}
          </ul>
          {unpriced.length > 0 && <p>{t('chat.unpriced', { models: unpriced.join(', ') })}</p>}
          <p className="muted">{t('chat.note', { date: PRICES_AS_OF })}</p>
          <Tooltip.Arrow className="chat-tooltip-arrow" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
});
