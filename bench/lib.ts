/** Shared bench helpers: percentiles, alternating side-by-side runs, and the one result format. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One bench result as written to bench/results/<name>.json. */
export interface BenchResult {
  name: string;
  /** What was measured, e.g. "ms to all ready (median of 5)". */
  metric: string;
  value: number;
  baseline: number;
  ratio: number;
  /** The ratio (or value) the issue asks for; `direction` says which side is good. */
  target: number;
  direction: 'ratio_at_most' | 'value_at_most';
  met: boolean;
  details?: Record<string, unknown>;
}

/** The p-th percentile (0..100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** The median of a list of numbers. */
export function median(values: number[]): number {
  return percentile(values, 50);
}

/** A small seeded generator (mulberry32): the same seed gives the same draws, so a run's figures can be recomputed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// `values` drawn again with replacement, as many as there are.
function resample(values: readonly number[], random: () => number): number[] {
  return values.map(() => values[Math.floor(random() * values.length)] ?? Number.NaN);
}

/**
 * How far the ratio median(subject) / median(baseline) could move with other draws of the same rounds: a bootstrap
 * interval (`level`, default 95 %) that resamples each round's samples within that round (each round ran on its own
 * processes, so rounds are strata), then pools them as the bench does. Lets a reader see whether a run's figure can
 * tell its target apart at all.
 */
export function ratioInterval(subjectRounds: readonly (readonly number[])[], baselineRounds: readonly (readonly number[])[], options: { level?: number; resamples?: number; seed?: number } = {}): [number, number] {
  const { level = 0.95, resamples = 2000, seed = 1 } = options;
  const random = seededRandom(seed);
  const ratios: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const subject = subjectRounds.flatMap((round) => resample(round, random));
    const baseline = baselineRounds.flatMap((round) => resample(round, random));
    ratios.push(median(subject) / median(baseline));
  }
  const tail = ((1 - level) / 2) * 100;
  return [percentile(ratios, tail), percentile(ratios, 100 - tail)];
}

/** Runs `subject` and `baseline` alternately `rounds` times so drift hits both equally; returns each side's samples. */
export async function alternate(rounds: number, subject: () => Promise<number>, baseline: () => Promise<number>): Promise<{ subject: number[]; baseline: number[] }> {
  const out = { subject: [] as number[], baseline: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      out.subject.push(await subject());
      out.baseline.push(await baseline());
    } else {
      out.baseline.push(await baseline());
      out.subject.push(await subject());
    }
  }
  return out;
}

/** Writes bench/results/<name>.json and prints the one summary line. */
export function report(result: Omit<BenchResult, 'ratio' | 'met'> & { ratio?: number }): BenchResult {
  const ratio = result.ratio ?? result.value / result.baseline;
  const met = result.direction === 'ratio_at_most' ? ratio <= result.target : result.value <= result.target;
  const full: BenchResult = { ...result, ratio, met };
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${result.name}.json`), `${JSON.stringify(full, null, 2)}\n`);
  const targetText = result.direction === 'ratio_at_most' ? `ratio <= ${result.target}` : `value <= ${result.target}`;
  console.log(
    `bench ${result.name}: ${result.metric}: ${round(full.value)} vs baseline ${round(full.baseline)} -> ratio ${round(ratio, 3)} (target ${targetText}) ${met ? 'MET' : 'NOT MET'}`,
  );
  return full;
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
