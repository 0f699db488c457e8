import { describe, expect, it } from 'vitest';
import { costOf, formatCost, modelPriceOverridesSchema, modelPrices, priceFor } from './modelPrices.ts';
import { fallbackModels } from '../../electron/host/chat/provider.ts';

const usage = { inputTokens: 1_000_000, outputTokens: 100_000, cacheWriteTokens: 200_000, cacheReadTokens: 2_000_000 };

describe('model prices', () => {
  it('prices every model of the model picker', () => {
    for (const model of fallbackModels) expect(priceFor(model.id), model.id).toBeDefined();
  });

  it('computes input, output, cache write and cache read at their own prices', () => {
    // Sonnet: $3 in, $15 out, $3.75 cache write, $0.30 cache read per MTok.
    expect(costOf(usage, priceFor('claude-sonnet-4-6')!)).toBeCloseTo(3 + 1.5 + 0.75 + 0.6, 10);
  });

  it('prices a dated id by its undated entry, never by a shorter family name', () => {
    expect(priceFor('claude-sonnet-4-6-20260115')).toEqual(modelPrices['claude-sonnet-4-6']);
    expect(priceFor('claude-opus-4-5')?.input).toBe(5);
    expect(priceFor('claude-opus-4-20250514')?.input).toBe(15);
    expect(priceFor('my-gateway/llama')).toBeUndefined();
  });

  it('lets a Settings override win over the table, also for unknown models', () => {
    const overrides = { 'claude-sonnet-4-6': { input: 1, output: 2, cacheWrite: 0, cacheRead: 0 }, 'my-gateway/llama': { input: 0.1, output: 0.2, cacheWrite: 0, cacheRead: 0 } };
    expect(priceFor('claude-sonnet-4-6', overrides)?.input).toBe(1);
    expect(priceFor('my-gateway/llama', overrides)?.output).toBe(0.2);
  });

  it('rejects negative or absurd overrides', () => {
    expect(modelPriceOverridesSchema.safeParse({ m: { input: -1, output: 1, cacheWrite: 1, cacheRead: 1 } }).success).toBe(false);
    expect(modelPriceOverridesSchema.safeParse({ m: { input: 1e9, output: 1, cacheWrite: 1, cacheRead: 1 } }).success).toBe(false);
    expect(modelPriceOverridesSchema.safeParse({ '': { input: 1, output: 1, cacheWrite: 1, cacheRead: 1 } }).success).toBe(false);
  });

  it('formats small costs with enough digits to see them', () => {
    expect(formatCost(0.00042, 'en')).toBe('$0.0004');
    expect(formatCost(0.0123, 'en')).toBe('$0.012');
    expect(formatCost(12.5, 'en')).toBe('$12.50');
    // Formatters are kept per locale and precision: a later call gets its own precision and language, not the last one's.
    expect(formatCost(0.0123, 'en')).toBe('$0.012');
    expect(formatCost(12.5, 'vi')).toBe(new Intl.NumberFormat('vi', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(12.5));
    expect(formatCost(12.5, 'vi')).not.toBe('$12.50');
  });
});
