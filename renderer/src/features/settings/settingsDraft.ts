/** The editable settings as typed text, validated field by field with the shared settings schema. */
import { settingsSchema, type Settings } from '../../../../shared/settings.ts';

/** Fields edited as a draft and saved together (theme and language apply at once instead). */
export const draftFields = ['apiBaseUrl', 'model', 'maxTokens', 'systemPrompt', 'thinkingEnabled', 'thinkingBudget', 'maxTurns', 'toolResultLimit', 'catalogRegistryUrl', 'clientMetadataUrl'] as const;
/** A draft field. */
export type DraftField = (typeof draftFields)[number];

/** The draft: numbers kept as typed text so a half-typed value is not lost. */
export interface SettingsDraft {
  apiBaseUrl: string;
  model: string;
  maxTokens: string;
  systemPrompt: string;
  thinkingEnabled: boolean;
  thinkingBudget: string;
  maxTurns: string;
  toolResultLimit: string;
  catalogRegistryUrl: string;
  clientMetadataUrl: string;
}

const numeric: DraftField[] = ['maxTokens', 'thinkingBudget', 'maxTurns', 'toolResultLimit'];

/** The draft of stored settings. */
export function draftFrom(settings: Settings): SettingsDraft {
  return {
    apiBaseUrl: settings.apiBaseUrl,
    model: settings.model,
    maxTokens: String(settings.maxTokens),
    systemPrompt: settings.systemPrompt,
    thinkingEnabled: settings.thinkingEnabled,
    thinkingBudget: String(settings.thinkingBudget),
    maxTurns: String(settings.maxTurns),
    toolResultLimit: String(settings.toolResultLimit),
    catalogRegistryUrl: settings.catalogRegistryUrl,
    clientMetadataUrl: settings.clientMetadataUrl,
  };
}

function parsedValue(field: DraftField, draft: SettingsDraft): unknown {
  const raw = draft[field];
  if (numeric.includes(field)) return typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  return typeof raw === 'string' ? raw.trim() : raw;
}

/** A field's problem as an i18n key (namespace `settings`) and its values. */
export interface DraftError {
  key: string;
  values?: Record<string, number>;
}

/** Limits of the numeric fields, as the shared schema enforces them; shown in the messages. */
export const limits: Record<'maxTokens' | 'thinkingBudget' | 'maxTurns' | 'toolResultLimit', { min: number; max: number }> = {
  maxTokens: { min: 1, max: 128_000 },
  thinkingBudget: { min: 1024, max: 100_000 },
  maxTurns: { min: 1, max: 200 },
  toolResultLimit: { min: 1000, max: 10_000_000 },
};

function problemOf(field: DraftField): DraftError {
  if (field === 'apiBaseUrl' || field === 'catalogRegistryUrl') return { key: 'errors.url' };
  if (field === 'clientMetadataUrl') return { key: 'errors.clientMetadataUrl' };
  if (field === 'model') return { key: 'errors.modelRequired' };
  if (field === 'systemPrompt') return { key: 'errors.tooLong', values: { max: 100_000 } };
  if (field === 'thinkingEnabled') return { key: 'errors.invalid' };
  return { key: 'errors.range', values: limits[field] };
}

/** Field -> problem; empty when the draft can be saved. The shared schema decides, so host and form agree. */
export function validateDraft(draft: SettingsDraft): Partial<Record<DraftField, DraftError>> {
  const errors: Partial<Record<DraftField, DraftError>> = {};
  for (const field of draftFields) {
    if (!settingsSchema.shape[field].safeParse(parsedValue(field, draft)).success) errors[field] = problemOf(field);
  }
  if (!errors.thinkingBudget && !errors.maxTokens && draft.thinkingEnabled && Number(draft.thinkingBudget) >= Number(draft.maxTokens)) {
    errors.thinkingBudget = { key: 'errors.budgetBelowMax' };
  }
  return errors;
}

/** The changed fields as a settings patch (only what differs from `saved`). */
export function draftPatch(draft: SettingsDraft, saved: Settings): Partial<Settings> {
  const patch: Record<string, unknown> = {};
  for (const field of draftFields) {
    const value = parsedValue(field, draft);
    if (value !== saved[field]) patch[field] = value;
  }
  return patch;
}
