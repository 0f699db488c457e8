/**
 * The message list's translations, looked up once per list: a useTranslation hook in every part of every row (message,
 * copy, edit, regenerate, switcher, usage) cost a namespace check and a subscription each, for every row mounted.
 */
import { createContext, useContext } from 'react';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';

/** What the parts of a message row need from i18n. */
export interface RowText {
  language: string;
  /** The `chat` namespace (`pricing:` keys resolve too). */
  chat: TFunction;
  /** The `branches` namespace. */
  branches: TFunction;
}

/** The row texts for `language` from `instance`; the list makes them once per language. */
export function rowTextFor(instance: I18n, language: string): RowText {
  return { language, chat: instance.getFixedT(language, ['chat', 'pricing']), branches: instance.getFixedT(language, 'branches') };
}

const RowTextContext = createContext<RowText | undefined>(undefined);

/** Provides the list's row texts to its rows. */
export const RowTextProvider = RowTextContext.Provider;

/** The row texts of the list around; a part rendered on its own (tests) uses the app's i18n as it is now. */
export function useRowText(): RowText {
  return useContext(RowTextContext) ?? rowTextFor(i18next, i18next.language);
}
