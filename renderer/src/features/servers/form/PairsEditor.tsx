/** Edits key/value rows: environment variables of a local server, headers of a remote one. */
import { Eye, EyeOff, Lock, LockOpen, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pair } from './serverForm.ts';

/** Props of PairsEditor. */
export interface PairsEditorProps {
  field: 'env' | 'headers';
  pairs: Pair[];
  onChange: (pairs: Pair[]) => void;
  onBlurRow?: (index: number) => void;
  errors: Record<string, string>;
}

/**
 * Rows of key + value inputs. Every value is a secret by default (hidden here, masked in the server list, redacted from
 * the server's log); the lock button marks one as not secret so it is shown everywhere.
 */
export function PairsEditor({ field, pairs, onChange, onBlurRow, errors }: PairsEditorProps) {
  const { t } = useTranslation('servers');
  const { t: ts } = useTranslation('secrets');
  const [revealed, setRevealed] = useState<Set<number>>(new Set());
  const set = (index: number, patch: Partial<Pair>) => onChange(pairs.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const toggle = (index: number) =>
    setRevealed((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const keyLabel = field === 'env' ? t('form.envName') : t('form.headerName');
  return (
    <div className="sv-list-editor" role="group" aria-label={field === 'env' ? t('form.env') : t('form.headers')}>
      {pairs.map((pair, index) => {
        const keyError = errors[`${field}.${index}.key`];
        const valueError = errors[`${field}.${index}.value`];
        return (
          <div className="sv-pair-row" key={index}>
            <input
              className="input mono"
              value={pair.key}
              placeholder={field === 'env' ? 'API_KEY' : 'Authorization'}
              aria-label={`${keyLabel} ${index + 1}`}
              aria-invalid={Boolean(keyError)}
              onChange={(e) => set(index, { key: e.target.value })}
              onBlur={() => onBlurRow?.(index)}
            />
            <div className="sv-secret">
              <input
                className="input mono"
                type={revealed.has(index) || pair.public === true ? 'text' : 'password'}
                autoComplete="off"
                value={pair.value}
                aria-label={`${t('form.value')} ${index + 1}`}
                aria-invalid={Boolean(valueError)}
                onChange={(e) => set(index, { value: e.target.value })}
                onBlur={() => onBlurRow?.(index)}
              />
              {pair.public !== true && (
                <button type="button" className="icon-btn" aria-label={revealed.has(index) ? t('form.hideValue') : t('form.showValue')} onClick={() => toggle(index)}>
                  {revealed.has(index) ? <EyeOff /> : <Eye />}
                </button>
              )}
              <button
                type="button"
                className="icon-btn"
                aria-pressed={pair.public !== true}
                aria-label={t('form.secretValue', { key: pair.key || index + 1 })}
                title={pair.public === true ? t('form.notSecretHint') : t('form.secretHint')}
                onClick={() => set(index, { public: pair.public !== true })}
              >
                {pair.public === true ? <LockOpen /> : <Lock />}
              </button>
            </div>
            <button type="button" className="icon-btn" aria-label={t('form.removeRow', { key: pair.key || index + 1 })} onClick={() => onChange(pairs.filter((_, i) => i !== index))}>
              <X />
            </button>
            {pair.stored === true && pair.public !== true ? (
              <p className="field-hint sv-row-error">
                {ts('storedHint')}{' '}
                <button type="button" className="btn btn-sm btn-ghost" aria-label={ts('replaceLabel', { key: pair.key })} onClick={() => set(index, { value: '' })}>
                  {ts('replace')}
                </button>
              </p>
            ) : null}
            {keyError || valueError ? <p className="field-error sv-row-error" role="alert">{keyError ?? valueError}</p> : null}
          </div>
        );
      })}
      <button type="button" className="btn btn-sm btn-ghost sv-add-row" onClick={() => onChange([...pairs, { key: '', value: '' }])}>
        <Plus /> {field === 'env' ? t('form.addEnv') : t('form.addHeader')}
      </button>
    </div>
  );
}
