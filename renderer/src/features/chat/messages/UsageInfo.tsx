/** Token usage and estimated cost of one assistant message, shown in a tooltip on hover or focus. */
import * as Tooltip from '@radix-ui/react-tooltip';
import { Coins } from 'lucide-react';
import type { Usage } from '../../../../../shared/chat.ts';
import { costOf, formatCost, priceFor } from '../../../../../shared/pricing/modelPrices.ts';
import { useStore } from '../../../store/index.ts';
import { formatCount } from '../model/format.ts';
import { useRowText } from './rowText.ts';

/** A small icon button whose tooltip lists input, output, cache read and cache write tokens, and the estimated cost. */
export function UsageInfo({ usage, model }: { usage: Usage; model?: string }) {
  const { chat: t, language } = useRowText();
  const overrides = useStore((s) => s.settings?.modelPrices);
  const n = (v: number): string => formatCount(v, language);
  const total = usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  const price = priceFor(model, overrides);
  const cost = price ? formatCost(costOf(usage, price), language) : undefined;
  return (
    <Tooltip.Root delayDuration={150}>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          className="chat-msg-action"
          data-testid="message-usage"
          aria-label={cost ? t('pricing:message.label', { total: n(total), cost }) : t('usage.label', { total: n(total) })}
        >
          <Coins size={14} aria-hidden />
          <span>{n(usage.outputTokens)}</span>
          {cost && <span className="chat-usage-cost">· {cost}</span>}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="chat-tooltip" side="top" sideOffset={6}>
          {model && <div className="chat-usage-model">{model}</div>}
          <dl className="chat-usage">
            <dt>{t('usage.input')}</dt>
            <dd>{n(usage.inputTokens)}</dd>
            <dt>{t('usage.output')}</dt>
            <dd>{n(usage.outputTokens)}</dd>
            <dt>{t('usage.cacheRead')}</dt>
            <dd>{n(usage.cacheReadTokens)}</dd>
            <dt>{t('usage.cacheWrite')}</dt>
            <dd>{n(usage.cacheWriteTokens)}</dd>
            <dt>{t('pricing:message.cost')}</dt>
            <dd>{cost ?? t('pricing:message.noPrice')}</dd>
          </dl>
          <Tooltip.Arrow className="chat-tooltip-arrow" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
