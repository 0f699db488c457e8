/** State of the server form: values, which fields were touched, host-side errors, and the visible errors. */
import { useMemo, useState } from 'react';
import { validateForm, type FormErrors, type ServerFormState } from './serverForm.ts';

/** What the form component needs. */
export interface ServerFormModel {
  state: ServerFormState;
  /** Visible errors: a field's own error once touched (all of them after a save/test attempt), then the host's. */
  errors: FormErrors;
  /** Every current validation error, shown or not. */
  allErrors: FormErrors;
  update: (patch: Partial<ServerFormState>) => void;
  touch: (field: string) => void;
  /** Marks every field as shown; returns true when the form is valid. */
  attempt: () => boolean;
  setHostError: (field: string, message: string) => void;
}

/** Holds the form; `takenNames` are names of other servers. */
export function useServerForm(initial: ServerFormState, takenNames: readonly string[]): ServerFormModel {
  const [state, setState] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [hostErrors, setHostErrors] = useState<FormErrors>({});
  const allErrors = useMemo(() => validateForm(state, takenNames), [state, takenNames]);

  const errors = useMemo(() => {
    const shown: FormErrors = {};
    for (const [field, error] of Object.entries(allErrors)) {
      const row = field.replace(/\.(key|value)$/, '');
      if (attempted || touched.has(field) || touched.has(row)) shown[field] = error;
    }
    return { ...hostErrors, ...shown };
  }, [allErrors, attempted, touched, hostErrors]);

  return {
    state,
    errors,
    allErrors,
    update: (patch) => {
      setState((s) => ({ ...s, ...patch }));
      // A host verdict is about the old value; editing the field clears it.
      const changed = Object.keys(patch);
      setHostErrors((h) => Object.fromEntries(Object.entries(h).filter(([field]) => !changed.some((c) => field === c || field.startsWith(`${c}.`)))));
    },
    touch: (field) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field))),
    attempt: () => {
      setAttempted(true);
      return Object.keys(allErrors).length === 0;
    },
    setHostError: (field, message) => setHostErrors((h) => ({ ...h, [field]: { key: 'form.errors.host', values: { message } } })),
  };
}
