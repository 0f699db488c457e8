/** A text input with the server's suggestions (a datalist) and how many there are (`total` / `hasMore`). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompletionParams } from '../../../../../../shared/completions.ts';
import { revealInvisible } from '../../../../../../shared/visibleText.ts';
import { useCompletion, useServerCompletes } from './useCompletion.ts';

interface Props {
  serverId: string;
  completionRef: CompletionParams['ref'];
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The other arguments' values (a server may complete one from another). */
  context?: Record<string, string>;
  autoFocus?: boolean;
}

/** One argument field; suggestions appear when the server declares completions. */
export function CompletableInput({ serverId, completionRef, name, value, onChange, context, autoFocus }: Props) {
  const { t } = useTranslation('completions');
  const listId = useId();
  const enabled = useServerCompletes(serverId);
  const others = context ? Object.fromEntries(Object.entries(context).filter(([key, v]) => key !== name && v.trim() !== '')) : {};
  const answer = useCompletion({ serverId, ref: completionRef, argument: { name, value }, ...(Object.keys(others).length ? { context: others } : {}) }, enabled);
  const values = answer?.values ?? [];
  const shown = values.length;
  const hint = !answer || shown === 0 ? undefined : answer.total !== undefined && answer.total > shown ? t('ofTotal', { shown, total: answer.total }) : answer.hasMore ? t('more', { shown }) : t('count', { count: shown });
  return (
    <>
      <input className="input" autoFocus={autoFocus} value={value} onChange={(e) => onChange(e.target.value)} {...(enabled ? { list: listId } : {})} autoComplete="off" />
      {enabled && (
        <datalist id={listId} aria-label={t('suggestions')} data-testid={`completions-${name}`}>
          {/* Hidden characters are shown as escapes: a suggestion must read as what it inserts. */}
          {values.map((v) => (
            <option key={v} value={v}>
              {revealInvisible(v)}
            </option>
          ))}
        </datalist>
      )}
      {hint && <span className="field-hint" data-testid={`completions-hint-${name}`}>{hint}</span>}
    </>
  );
}
