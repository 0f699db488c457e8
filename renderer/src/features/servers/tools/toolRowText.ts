/**
 * The tool rows' translations, looked up once per list: a useTranslation hook in every part of every row (row,
 * description, inputs, app chips, each name) cost a namespace check and an i18n subscription each, and each `t` call a
 * key resolution, for every row mounted; typing in the filter of a long list mounts new rows on each keystroke.
 */
import { createContext, useContext } from 'react';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import type { ApprovalPolicy } from '../../../../../shared/serverConfig.ts';

/** A private-use character no translation contains: where the name goes in a named string. */
const SLOT = '\uE000';

/** A string with the tool's name in it, resolved once: the translation split around the name's place. */
function named(t: TFunction, key: string): (name: string) => string {
  const parts = t(key, { name: SLOT }).split(SLOT);
  if (parts.length !== 2) return (name) => t(key, { name });
  const [before = '', after = ''] = parts;
  return (name) => before + name + after;
}

/** What the parts of a tool row need from i18n, resolved once per list and language. */
export interface ToolRowText {
  language: string;
  /** The `servers` namespace, for the rarer strings (inputs, errors). */
  t: TFunction;
  enable: (name: string) => string;
  policyFor: (name: string) => string;
  reapproveFor: (name: string) => string;
  policy: Record<ApprovalPolicy, string>;
  chips: { changed: string; readOnly: string; destructive: string; openWorld: string; hasApp: string; appOnly: string };
  changedHint: string;
  reapprove: string;
  showMore: string;
  showLess: string;
  showInputs: string;
  hideInputs: string;
  hiddenCharacters: string;
}

/** The row texts for `language` from `instance`; the list makes them once per language. */
export function toolRowTextFor(instance: I18n, language: string): ToolRowText {
  const t = instance.getFixedT(language, 'servers');
  const apps = instance.getFixedT(language, 'apps');
  return {
    language,
    t,
    enable: named(t, 'tools.enable'),
    policyFor: named(t, 'tools.policyFor'),
    reapproveFor: named(t, 'tools.reapproveFor'),
    policy: { ask: t('tools.policy.ask'), always_allow: t('tools.policy.always_allow'), deny: t('tools.policy.deny') },
    chips: { changed: t('tools.changed'), readOnly: t('tools.readOnly'), destructive: t('tools.destructive'), openWorld: t('tools.openWorld'), hasApp: apps('hasApp'), appOnly: apps('appOnly') },
    changedHint: t('tools.changedHint'),
    reapprove: t('tools.reapprove'),
    showMore: t('tools.showMore'),
    showLess: t('tools.showLess'),
    showInputs: t('tools.showInputs'),
    hideInputs: t('tools.hideInputs'),
    hiddenCharacters: t('hiddenCharacters'),
  };
}

const ToolRowTextContext = createContext<ToolRowText | undefined>(undefined);

/** Provides the list's row texts to its rows. */
export const ToolRowTextProvider = ToolRowTextContext.Provider;

/** The row texts of the list around; a part rendered on its own (tests) uses the app's i18n as it is now. */
export function useToolRowText(): ToolRowText {
  return useContext(ToolRowTextContext) ?? toolRowTextFor(i18next, i18next.language);
}
