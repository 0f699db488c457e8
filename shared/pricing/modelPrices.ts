/**
 * The price table for estimated costs: US dollars per million tokens, per model id. The ONE place prices live; a
 * gateway's own prices are set per model id in Settings (settings.modelPrices) and win over this table.
 *
 * Prices as of PRICES_AS_OF, from Anthropic's published per-MTok prices: Opus 4.5 and later $5 in / $25 out, Sonnet 4.x
 * $3 / $15, Haiku 4.5 $1 / $5; cache writes are the 5-minute write price (1.25x input; 1-hour writes cost 2x and are
 * not told apart by the usage the API reports), cache reads 0.1x input. Models newer than the last published sheet
 * this table was checked against (the 5.5 family, Opus 4.8) carry their family's current price: check them and
 * override in Settings if your bill differs.
 */
import { z } from 'zod';
import type { Usage } from '../chat.ts';

/** When the table was last checked. */
export const PRICES_AS_OF = '2026-12-01';

/** One model's prices in US dollars per million tokens. */
export const modelPriceSchema = z.object({
  input: z.number().min(0).max(10_000),
  output: z.number().min(0).max(10_000),
  cacheWrite: z.number().min(0).max(10_000),
  cacheRead: z.number().min(0).max(10_000),
});
/** One model's prices in US dollars per million tokens. */
export type ModelPrice = z.infer<typeof modelPriceSchema>;

/** Per-model overrides from Settings (model id -> price); at most 200. */
export const modelPriceOverridesSchema = z
  .record(z.string().trim().min(1).max(200), modelPriceSchema)
  .refine((prices) => Object.keys(prices).length <= 200, 'At most 200 model prices');

// Rounded so 3 x 0.1 is shown as 0.3, not 0.30000000000000004.
const round = (n: number): number => Math.round(n * 1e6) / 1e6;
const tier = (input: number, output: number): ModelPrice => ({ input, output, cacheWrite: round(input * 1.25), cacheRead: round(input * 0.1) });

/** Built-in prices by model id (a dated id such as claude-sonnet-4-6-20260101 uses its undated entry). */
export const modelPrices: Readonly<Record<string, ModelPrice>> = {
  'claude-opus-5-5': tier(5, 25),
  'claude-sonnet-5-5': tier(3, 15),
  'claude-haiku-5-5': tier(1, 5),
  'claude-opus-4-8': tier(5, 25),
  'claude-opus-4-6': tier(5, 25),
  'claude-opus-4-5': tier(5, 25),
  'claude-opus-4-1': tier(15, 75),
  'claude-opus-4': tier(15, 75),
  'claude-sonnet-4-6': tier(3, 15),
  'claude-sonnet-4-5': tier(3, 15),
  'claude-sonnet-4': tier(3, 15),
  'claude-haiku-4-5': tier(1, 5),
  'claude-3-7-sonnet': tier(3, 15),
  'claude-3-5-haiku': tier(0.8, 4),
  'claude-3-haiku': tier(0.25, 1.25),
};

/** `model`'s entry, or the entry it is a dated id of (claude-opus-4-20250514; claude-opus-4 never prices claude-opus-4-5). */
function lookup(table: Readonly<Record<string, ModelPrice>>, model: string): ModelPrice | undefined {
  const exact = table[model];
  if (exact) return exact;
  let best: string | undefined;
  for (const key of Object.keys(table)) {
    if (model.startsWith(`${key}-`) && /^-\d{8}$/.test(model.slice(key.length)) && (!best || key.length > best.length)) best = key;
  }
  return best ? table[best] : undefined;
}

/** The price of `model`: the user's override, else the built-in table; undefined when neither knows it. */
export function priceFor(model: string | undefined, overrides: Readonly<Record<string, ModelPrice>> = {}): ModelPrice | undefined {
  if (!model) return undefined;
  return lookup(overrides, model) ?? lookup(modelPrices, model);
}

/** Estimated cost in US dollars of `usage` at `price`. */
export function costOf(usage: Usage, price: ModelPrice): number {
  return (usage.inputTokens * price.input + usage.outputTokens * price.output + usage.cacheWriteTokens * price.cacheWrite + usage.cacheReadTokens * price.cacheRead) / 1_000_000;
}

// One formatter per locale and precision: making a currency formatter costs ~120 µs, and every reply row in view and
// the chat's total format a cost each time they render (a streaming chat re-renders rows several times a second).
const costFormats = new Map<string, Intl.NumberFormat>();

/** Dollars as people read them: $0.0042, $0.013, $1.27 (small amounts keep two significant digits). */
export function formatCost(dollars: number, locale?: string): string {
  const digits = dollars === 0 ? 2 : dollars < 0.01 ? 4 : dollars < 1 ? 3 : 2;
  const key = `${locale ?? ''}|${digits}`;
  let format = costFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: digits });
    costFormats.set(key, format);
  }
  return format.format(dollars);
}

/** A chat's tokens for one model (replies on every branch: each was paid for). */
export interface ModelUsage {
  model: string;
  usage: Usage;
  replies: number;
}

/** The estimated cost of a chat's usage, and the models it could not price (no cost is guessed for those). */
export function chatCost(byModel: readonly ModelUsage[], overrides: Readonly<Record<string, ModelPrice>> = {}): { cost: number; unpriced: string[] } {
  let cost = 0;
  const unpriced: string[] = [];
  for (const entry of byModel) {
    const price = priceFor(entry.model, overrides);
    if (price) cost += costOf(entry.usage, price);
    else unpriced.push(entry.model);
  }
  return { cost, unpriced };
}

/** The sum of several usages. */
export function addUsage(a: Usage, b: Usage): Usage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens, cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens, cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens };
}
