/** One generated form control, chosen by the field's kind, with its label, description and error. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FieldError, FormField, FormValue } from './model/schemaForm.ts';

/** Props of one field. */
export interface FieldInputProps {
  field: FormField;
  value: FormValue | undefined;
  error: FieldError | undefined;
  onChange: (value: FormValue) => void;
  onBlur: () => void;
}

const INPUT_TYPES: Partial<Record<FormField['kind'], string>> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

/** Label + control + hint + error, wired for screen readers. */
export function FieldInput({ field, value, error, onChange, onBlur }: FieldInputProps) {
  const { t } = useTranslation('elicitation');
  const id = `elicit-field-${field.name}`;
  const limits = rangeHint(field, t);
  const hintId = field.description || limits ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': field.required || undefined, onBlur };
  const text = typeof value === 'string' ? value : '';

  let control;
  switch (field.kind) {
    case 'boolean':
      control = (
        <label className="elicit-check">
          <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <span>{field.label}</span>
        </label>
      );
      break;
    case 'select':
      control = (
        <select className="select" {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          {(!field.required || text === '') && <option value="">{t('choose')}</option>}
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'multiselect': {
      const picked = Array.isArray(value) ? value : [];
      control = (
        <div className="elicit-multi" role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
          {field.options.map((o) => (
            <label key={o.value} className={`elicit-option${picked.includes(o.value) ? ' is-checked' : ''}`}>
              <input
                type="checkbox"
                checked={picked.includes(o.value)}
                onBlur={onBlur}
                onChange={(e) => onChange(e.target.checked ? [...picked, o.value] : picked.filter((v) => v !== o.value))}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      );
      break;
    }
    case 'number':
    case 'integer':
      // A text input, not type="number": the browser empties a number input's value when it cannot parse what was
      // typed ("1e", "1-2"), so the form would see a blank field and send nothing. The raw text is validated instead.
      control = (
        <input
          className="input"
          type="text"
          inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
          autoComplete="off"
          {...common}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    default:
      control = <input className="input" type={INPUT_TYPES[field.kind] ?? 'text'} {...common} value={text} onChange={(e) => onChange(e.target.value)} />;
  }

  return (
    <div className="field elicit-field" data-field={field.name}>
      {field.kind !== 'boolean' && (
        <div className="elicit-label-row">
          <label className="field-label" id={`${id}-label`} htmlFor={field.kind === 'multiselect' ? undefined : id}>
            {field.label}
          </label>
          {/* Outside the label so the field's name stays exactly its title; aria-required says it to screen readers. */}
          {field.required && (
            <span className="elicit-required" aria-hidden>
              *
            </span>
          )}
        </div>
      )}
      {control}
      {(field.description || limits) && (
        <span className="field-hint" id={hintId}>
          {[field.description, limits].filter(Boolean).join(' · ')}
        </span>
      )}
      {error && (
        <span className="field-error" id={errorId} role="alert">
          {t(`errors.${error.key}`, error.params ?? {})}
        </span>
      )}
    </div>
  );
}

function rangeHint(field: FormField, t: TFunction<'elicitation'>): string | undefined {
  const { min, max } = field;
  if (min === undefined && max === undefined) return undefined;
  const kind = field.kind === 'number' || field.kind === 'integer' ? 'value' : field.kind === 'multiselect' ? 'items' : 'length';
  if (min !== undefined && max !== undefined) return t(`range.${kind}.between`, { min, max });
  if (min !== undefined) return t(`range.${kind}.min`, { min });
  return t(`range.${kind}.max`, { max });
}
