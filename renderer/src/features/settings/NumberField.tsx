/** A whole-number settings field that saves on blur when valid and shows the saved value back otherwise. */
import { useState } from 'react';

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

/** A number field saved on its own (no save bar): an invalid entry is marked and never sent. */
export function NumberField({ id, label, hint, value, min, max, onSave }: NumberFieldProps) {
  const [draft, setDraft] = useState<string | undefined>();
  const shown = draft ?? String(value);
  const parsed = Number(shown);
  const valid = shown.trim() !== '' && Number.isInteger(parsed) && parsed >= min && parsed <= max;
  const hintId = `${id}-hint`;
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
        aria-describedby={hintId}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (valid && parsed !== value) onSave(parsed);
          setDraft(undefined);
        }}
      />
      <span id={hintId} className="field-hint">
        {hint}
      </span>
    </div>
  );
}
