/** Form-mode elicitation: the server's message and a form generated from its schema; Accept, Decline or Cancel. */
import { useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElicitationAnswer, ElicitationSchema } from '../../../../shared/elicitation.ts';
import type { Result } from '../../../../shared/errors.ts';
import { FieldInput } from './FieldInput.tsx';
import { answerContent, fieldsOf, initialValues, validateField, validateForm, type FieldError, type FormField, type FormValue, type FormValues } from './model/schemaForm.ts';
import { errorMessage } from '../common/errorText.ts';

/** Props of the form. */
export interface ElicitationFormProps {
  schema: ElicitationSchema;
  /** Sends the answer; an error result keeps the form open and shows it. */
  onAnswer: (answer: ElicitationAnswer) => Promise<Result<null>>;
}

/** The generated form with its three actions. Fields validate on blur, and all of them on Accept. */
export function ElicitationForm({ schema, onAnswer }: ElicitationFormProps) {
  const { t } = useTranslation('elicitation');
  const fields = useMemo(() => fieldsOf(schema), [schema]);
  const [values, setValues] = useState<FormValues>(() => initialValues(schema, fields));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState<string | undefined>();
  const form = useRef<HTMLFormElement>(null);

  const send = async (answer: ElicitationAnswer): Promise<void> => {
    setBusy(true);
    setSendError(undefined);
    const result = await onAnswer(answer);
    setBusy(false);
    if (!result.ok) setSendError(errorMessage(t, result.error));
  };

  const controlOf = (name: string): HTMLInputElement | HTMLSelectElement | undefined => {
    const wrapper = Array.from(form.current?.querySelectorAll<HTMLElement>('[data-field]') ?? []).find((el) => el.dataset.field === name);
    return wrapper?.querySelector<HTMLInputElement | HTMLSelectElement>('input, select') ?? undefined;
  };

  // A date input holding a half-typed date reports an empty value (flagged badInput): the value alone would pass an
  // optional field as "left empty" and send nothing.
  const unreadableDate = (field: FormField): FieldError | undefined =>
    (field.kind === 'date' || field.kind === 'date-time') && controlOf(field.name)?.validity.badInput ? { key: field.kind === 'date' ? 'date' : 'dateTime' } : undefined;

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const problems = validateForm(fields, values);
    for (const field of fields) {
      const unreadable = unreadableDate(field);
      if (unreadable) problems[field.name] = unreadable;
    }
    setErrors(problems);
    const first = fields.find((f) => problems[f.name]);
    if (first) {
      controlOf(first.name)?.focus();
      return;
    }
    void send({ action: 'accept', content: answerContent(fields, values) });
  };

  // Enter in a one-line field goes to the next field, as in a paper form: it used to send the whole form from the
  // first field. In the last field Enter still submits.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>): void => {
    if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    const target = e.target;
    if (!(target instanceof HTMLInputElement) || target.type === 'checkbox' || target.type === 'radio') return;
    const wrappers = Array.from(form.current?.querySelectorAll<HTMLElement>('[data-field]') ?? []);
    const at = wrappers.findIndex((w) => w.contains(target));
    const next = at >= 0 ? wrappers.slice(at + 1).map((w) => w.querySelector<HTMLElement>('input, select, textarea')).find((c) => c !== null) : undefined;
    if (!next) return;
    e.preventDefault();
    next.focus();
  };

  const change = (name: string, value: FormValue): void => {
    setValues((v) => ({ ...v, [name]: value }));
    // Once a field shows an error, re-check it as the user fixes it.
    if (errors[name]) {
      const field = fields.find((f) => f.name === name);
      const problem = field ? validateField(field, value) : undefined;
      setErrors((all) => {
        const { [name]: _old, ...rest } = all;
        return problem ? { ...rest, [name]: problem } : rest;
      });
    }
  };

  const blur = (name: string): void => {
    const field = fields.find((f) => f.name === name);
    const problem = field ? (unreadableDate(field) ?? validateField(field, values[name])) : undefined;
    setErrors((all) => {
      const { [name]: _old, ...rest } = all;
      return problem ? { ...rest, [name]: problem } : rest;
    });
  };

  return (
    <form ref={form} className="elicit-form" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <div className="elicit-fields">
        {fields.map((field) => (
          <FieldInput key={field.name} field={field} value={values[field.name]} error={errors[field.name]} onChange={(v) => change(field.name, v)} onBlur={() => blur(field.name)} />
        ))}
        {fields.length === 0 && <p className="muted">{t('noFields')}</p>}
      </div>
      {sendError && (
        <p className="field-error" role="alert">
          {t('sendFailed', { message: sendError })}
        </p>
      )}
      <div className="elicit-actions">
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void send({ action: 'cancel' })}>
          {t('cancel')}
        </button>
        <span className="elicit-spacer" />
        <button type="button" className="btn" disabled={busy} onClick={() => void send({ action: 'decline' })}>
          {t('decline')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('accept')}
        </button>
      </div>
    </form>
  );
}
