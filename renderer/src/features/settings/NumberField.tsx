/** A whole-number settings field that saves on blur when valid and shows the saved value back otherwise. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of a NumberField. */
export interface NumberFieldProps {
  id: string;
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  onSave: (value: number) => void;
}

/** A number field saved on its own (no save bar): an invalid entry is marked, explained and never sent. */
export function NumberField({ id, label, hint, value, min, max, onSave }: NumberFieldProps) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState<string | undefined>();
  // Set when an invalid entry was left and the saved value shown back, so the user learns why it did not stick.
  const [refused, setRefused] = useState(false);
  const shown = draft ?? String(value);
  const parsed = Number(shown);
  const valid = shown.trim() !== '' && Number.isInteger(parsed) && parsed >= min && parsed <= max;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const showError = !valid || refused;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input st-narrow"
        inputMode="numeric"
        value={shown}
        aria-invalid={!valid}
        aria-describedby={showError ? `${hintId} ${errorId}` : hintId}
        onChange={(e) => {
          setDraft(e.target.value);
          setRefused(false);
        }}
        onBlur={() => {
          if (valid && parsed !== value) onSave(parsed);
          setRefused(!valid);
          setDraft(undefined);
        }}
      />
      <span id={hintId} className="field-hint">
        {hint}
      </span>
      {showError && (
        <span id={errorId} className="field-error" role="alert">
          <span className="visually-hidden">{label}: </span>
          {t('errors.range', { min, max })}
        </span>
      )}
    </div>
  );
}
