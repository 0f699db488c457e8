/** Checks user_config values against the manifest's options: required ones present, types and number ranges right. */
import type { BundleUserConfigField, UserConfigValues } from '../../../shared/bundles.ts';
import { englishOf, hostMessage, type HostMessage, type HostMessageCode } from '../../../shared/hostMessages.ts';
import type { BundleManifest } from './readBundle.ts';

/** The manifest's options as the install form shows them; `stored` says which already have a saved value. */
export function userConfigFields(manifest: BundleManifest, stored: UserConfigValues): BundleUserConfigField[] {
  return Object.entries(manifest.user_config ?? {}).map(([key, option]) => ({
    key,
    type: option.type,
    title: option.title,
    description: option.description,
    required: option.required === true,
    sensitive: option.sensitive === true,
    multiple: option.multiple === true,
    ...(option.default !== undefined ? { default: option.default } : {}),
    ...(option.min !== undefined ? { min: option.min } : {}),
    ...(option.max !== undefined ? { max: option.max } : {}),
    hasStoredValue: Object.prototype.hasOwnProperty.call(stored, key),
  }));
}

/** A problem with one option: its key, its English (logs) and its text (translated by the window). */
export interface UserConfigProblem {
  field: string;
  message: string;
  text: HostMessage;
}

const problem = (field: string, code: HostMessageCode, params: Record<string, string | number>): UserConfigProblem => {
  const text = hostMessage(code, params);
  return { field, message: englishOf(text), text };
};

const blank = (value: unknown) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The values to keep (stored ones under the given ones, unknown keys dropped), or the first problem with its option key. */
export function checkUserConfig(manifest: BundleManifest, given: UserConfigValues, stored: UserConfigValues): { values: UserConfigValues } | UserConfigProblem {
  const values: UserConfigValues = {};
  for (const [key, option] of Object.entries(manifest.user_config ?? {})) {
    const own = (from: UserConfigValues) => (Object.prototype.hasOwnProperty.call(from, key) ? from[key] : undefined);
    let value = own(given);
    if (blank(value)) value = own(stored);
    if (blank(value)) {
      if (option.required && option.default === undefined) return problem(key, 'bundle.optionRequired', { title: option.title });
      continue;
    }
    if (value === undefined) continue;
    if (option.type === 'number') {
      const number = typeof value === 'number' ? value : Number(value);
      if (Array.isArray(value) || !Number.isFinite(number)) return problem(key, 'bundle.optionNumber', { title: option.title });
      if (option.min !== undefined && number < option.min) return problem(key, 'bundle.optionMin', { title: option.title, min: option.min });
      if (option.max !== undefined && number > option.max) return problem(key, 'bundle.optionMax', { title: option.title, max: option.max });
      value = number;
    } else if (option.type === 'boolean') {
      if (typeof value !== 'boolean' && value !== 'true' && value !== 'false') return problem(key, 'bundle.optionBoolean', { title: option.title });
      value = value === true || value === 'true';
    } else if (Array.isArray(value) && !option.multiple) {
      return problem(key, 'bundle.optionOneValue', { title: option.title });
    } else if (typeof value !== 'string' && !Array.isArray(value)) {
      value = String(value);
    }
    values[key] = value;
  }
  return { values };
}
