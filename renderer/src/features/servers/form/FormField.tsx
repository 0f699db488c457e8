/** A labelled form field with its hint and its error, wired for screen readers (aria-describedby/invalid). */
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** Props of FormField. */
export interface FormFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Renders the control with the ids it must carry. */
  children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** Label, control, then the error (or the hint). */
export function FormField({ id, label, hint, error, children }: FormFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          <AlertCircle size={14} aria-hidden /> {error}
        </p>
      ) : hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A field's error message next to a row control (no label of its own). */
export function RowError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="field-error" id={id} role="alert">
      <AlertCircle size={14} aria-hidden /> {error}
    </p>
  );
}
