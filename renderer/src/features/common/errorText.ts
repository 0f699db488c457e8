/** Translates an AppError for people: the code's sentence in the user's language, then the host's own detail. */
import type { TFunction } from 'i18next';

/** The translated headline of an error code (falls back to the host's message for unknown codes). */
export function errorTitle(t: TFunction, error: { code: string; message: string }): string {
  return t(`common:errors.${error.code}`, { defaultValue: error.message });
}

/** Headline plus the host's message when it adds something. */
export function errorText(t: TFunction, error: { code: string; message: string }): string {
  const title = errorTitle(t, error);
  return title === error.message ? title : `${title} — ${error.message}`;
}
