import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../shared/settings.ts';
import { draftFrom, draftPatch, validateDraft } from './settingsDraft.ts';

describe('settings draft', () => {
  it('accepts the defaults and sends only what changed', () => {
    const draft = draftFrom(defaultSettings);
    expect(validateDraft(draft)).toEqual({});
    expect(draftPatch({ ...draft, maxTokens: '4096', apiBaseUrl: ' http://127.0.0.1:9999 ' }, defaultSettings)).toEqual({ maxTokens: 4096, apiBaseUrl: 'http://127.0.0.1:9999' });
  });

  it('names bad fields', () => {
    const errors = validateDraft({ ...draftFrom(defaultSettings), apiBaseUrl: 'not a url', maxTokens: '', thinkingEnabled: true, thinkingBudget: '9000', model: '' });
    expect(Object.keys(errors).sort()).toEqual(['apiBaseUrl', 'maxTokens', 'model']);
    expect(validateDraft({ ...draftFrom(defaultSettings), thinkingEnabled: true, thinkingBudget: '9000' }).thinkingBudget?.key).toBe('errors.budgetBelowMax');
    expect(errors.maxTokens).toEqual({ key: 'errors.range', values: { min: 1, max: 128_000 } });
  });

  it('takes an https client metadata document URL with a path, or nothing', () => {
    const draft = draftFrom(defaultSettings);
    expect(validateDraft({ ...draft, clientMetadataUrl: 'http://example.com/client.json' }).clientMetadataUrl).toEqual({ key: 'errors.clientMetadataUrl' });
    expect(validateDraft({ ...draft, clientMetadataUrl: 'https://example.com/' }).clientMetadataUrl).toEqual({ key: 'errors.clientMetadataUrl' });
    expect(draftPatch({ ...draft, clientMetadataUrl: ' https://example.com/switchboard/client.json ' }, defaultSettings)).toEqual({ clientMetadataUrl: 'https://example.com/switchboard/client.json' });
  });
});
