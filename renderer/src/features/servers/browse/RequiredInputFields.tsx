/** The inputs a catalog entry requires, highlighted; secrets are password fields, choices a select. */
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RequiredInput } from '../../../../../shared/catalog/install.ts';
import { FormField } from '../form/FormField.tsx';

/** Props of RequiredInputFields. */
export interface RequiredInputFieldsProps {
  inputs: readonly RequiredInput[];
  values: Readonly<Record<string, string>>;
  /** Keys to show as missing (after an Install attempt). */
  missing: readonly string[];
  onChange: (key: string, value: string) => void;
}

/** One field per required input. */
export function RequiredInputFields({ inputs, values, missing, onChange }: RequiredInputFieldsProps) {
  const { t } = useTranslation('browse');
  return (
    <fieldset className="br-required" data-testid="catalog-required">
      <legend className="field-label">{t('required.title')}</legend>
      {inputs.map((input, index) => {
        const id = `catalog-input-${index}`;
        const value = values[input.key] ?? input.default ?? '';
        const label = (
          <>
            {input.isSecret ? <KeyRound size={14} aria-hidden /> : null} <span className="mono">{input.label}</span> <span className="muted">({t(`required.target.${input.target}`)})</span>
            {input.isSecret ? <span className="chip">{t('required.secret')}</span> : null}
          </>
        );
        return (
          <FormField key={input.key} id={id} label={label} hint={input.description} error={missing.includes(input.key) ? t('required.missing') : undefined}>
            {(a11y) =>
              input.choices ? (
                <select {...a11y} className="input" required value={value} onChange={(e) => onChange(input.key, e.target.value)}>
                  <option value="" />
                  {input.choices.map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...a11y}
                  className="input mono"
                  required
                  type={input.isSecret ? 'password' : 'text'}
                  autoComplete={input.isSecret ? 'new-password' : 'off'}
                  spellCheck={false}
                  data-input-key={input.key}
                  value={value}
                  placeholder={input.format === 'filepath' ? '/home/me/…' : ''}
                  onChange={(e) => onChange(input.key, e.target.value)}
                />
              )
            }
          </FormField>
        );
      })}
      {inputs.some((input) => input.isSecret) ? <p className="field-hint">{t('required.secretsHint')}</p> : null}
    </fieldset>
  );
}
