/** Translates an AppError for people: the code's sentence in the user's language, then the host's own message, translated too. */
import type { TFunction } from 'i18next';
import { englishOf, type HostMessage } from '../../../../shared/hostMessages.ts';

/** What the renderer needs of an error: its code, its English message, and the message as a code plus parameters. */
export interface ErrorLike {
  code: string;
  message: string;
  text?: HostMessage | undefined;
}

/** A host message in the user's language (namespace `hostMessages`); the English when a translation is missing. */
export function hostText(t: TFunction, message: HostMessage): string {
  return t(`hostMessages:${message.code}`, { ...message.params, defaultValue: englishOf(message) });
}

/** The host's message in the user's language when the host sent it as a code, else its English. */
export function errorMessage(t: TFunction, error: ErrorLike): string {
  return error.text ? hostText(t, error.text) : error.message;
}

/** The translated headline of an error code (falls back to the host's message for unknown codes). */
export function errorTitle(t: TFunction, error: ErrorLike): string {
  return t(`common:errors.${error.code}`, { defaultValue: errorMessage(t, error) });
}

/** Headline plus the host's message when it adds something. */
export function errorText(t: TFunction, error: ErrorLike): string {
  const title = errorTitle(t, error);
  const message = errorMessage(t, error);
  return title === message ? title : `${title} — ${message}`;
}
