import { describe, expect, it } from 'vitest';
import { modelContextMaxChars, modelContextText } from './modelContext.ts';

describe('modelContextText', () => {
  it('joins text blocks and adds structured content as compact JSON', () => {
    expect(modelContextText({ content: [{ type: 'text', text: 'Row 2' }, { type: 'text', text: 'selected' }], structuredContent: { row: 2 } })).toEqual({ ok: true, text: 'Row 2\nselected\n{"row":2}' });
  });

  it('refuses more than the cap, and an empty update clears', () => {
    expect(modelContextText({ content: [{ type: 'text', text: 'x'.repeat(modelContextMaxChars + 1) }] }).ok).toBe(false);
    expect(modelContextText({ content: [{ type: 'text', text: 'x'.repeat(modelContextMaxChars) }] }).ok).toBe(true);
    expect(modelContextText({})).toEqual({ ok: true, text: '' });
  });
});
