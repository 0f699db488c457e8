/**
 * Where the `call` bench's A/A spread comes from (issue 12, `call` sixth look): `node bench/callNoise.ts`. Not a target
 * bench (no result file). Four raw SDK clients, each on a fresh server-everything process every round and warmed like
 * the bench's sides, called in blocks of 10 as `call` does; rounds alternate between the two ways of ordering the sides
 * within a cycle: `rotate` (the bench's order until now: a fixed cycle whose start moves, so each side always follows
 * the same one) and `shuffle` (a fresh order every cycle). For each way it prints every round's A/A p50 ratio (side 0
 * against side 3, as the bench's `a` and `b`), their log mean (a bias that lasts the whole run) and spread (process
 * luck per round), and the pooled ratio over 4, 8 and 16 rounds drawn from the run (how far a pooled A/A strays).
 * Two splits of the per-round noise: a fifth side calls side 0's client again (the same process: an A/A with no process
 * luck, only the timing noise of the moment), and each round's A/A is also taken over its first and second half (if
 * the halves agree and rounds do not, the rounds differ by their processes, not by the moment).
 */
import { loadavg } from 'node:os';
import type { Client } from '@modelcontextprotocol/client';
import { percentile } from './lib.ts';
import { connectRaw, everythingConfig } from './mcpFixtures.ts';
import { cycleOrder, type SideOrder } from './callOrder.ts';

const rounds = Number(process.env.NOISE_ROUNDS ?? 24);
const callsPerRound = Number(process.env.NOISE_CALLS ?? 250);
const warmup = Number(process.env.NOISE_WARMUP ?? 500);
const blockSize = 10;
const sideCount = 4;
const args = { message: 'hello' };
const orders: SideOrder[] = ['rotate', 'shuffle'];

/** Pooled samples of one order: per round, the samples of every side. */
const perOrder = new Map<SideOrder, number[][][]>(orders.map((order) => [order, []]));

const call = async (client: Client): Promise<number> => {
  const start = performance.now();
  await client.callTool({ name: 'echo', arguments: args });
  return (performance.now() - start) * 1000;
};

for (let r = 0; r < rounds; r++) {
  const order = orders[r % orders.length] ?? 'rotate';
  const raw = await connectRaw(Array.from({ length: sideCount }, () => everythingConfig()), 'connect+list');
  const clients = raw.clients;
  try {
    for (const client of clients) for (let i = 0; i < warmup; i++) await call(client);
    // Side `sideCount` is side 0's client once more: same process, its own turns.
    const samples: number[][] = [...clients, clients[0]].map(() => []);
    for (let n = 0, cycle = 0; n < callsPerRound; n += blockSize, cycle++) {
      for (const index of cycleOrder(order, cycle, sideCount + 1)) {
        const client = clients[index % sideCount];
        if (!client) continue;
        for (let i = 0; i < blockSize; i++) samples[index]?.push(await call(client));
      }
    }
    perOrder.get(order)?.push(samples);
  } finally {
    await raw.close();
  }
}

const aaOf = (roundsUsed: number[][][]): number => {
  const a = roundsUsed.flatMap((round) => round[0] ?? []);
  const b = roundsUsed.flatMap((round) => round[sideCount - 1] ?? []);
  return percentile(b, 50) / percentile(a, 50);
};
const spread = (values: number[]) => {
  const logs = values.map(Math.log);
  const mean = logs.reduce((s, v) => s + v, 0) / logs.length;
  const sd = Math.sqrt(logs.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, logs.length - 1));
  return { geoMean: Math.exp(mean).toFixed(3), sdPercent: (sd * 100).toFixed(1) };
};
const ratioOf = (round: number[][], side: number, base: number, part?: 0 | 1): number => {
  const pick = (values: number[]) => (part === undefined ? values : part === 0 ? values.slice(0, values.length >> 1) : values.slice(values.length >> 1));
  return percentile(pick(round[side] ?? []), 50) / percentile(pick(round[base] ?? []), 50);
};
const correlation = (x: number[], y: number[]): number => {
  const mx = x.reduce((s, v) => s + v, 0) / x.length;
  const my = y.reduce((s, v) => s + v, 0) / y.length;
  const cov = x.reduce((s, v, i) => s + (v - mx) * ((y[i] ?? my) - my), 0);
  const vx = x.reduce((s, v) => s + (v - mx) ** 2, 0);
  const vy = y.reduce((s, v) => s + (v - my) ** 2, 0);
  return cov / Math.sqrt(vx * vy);
};
for (const order of orders) {
  const all = perOrder.get(order) ?? [];
  const perRound = all.map((round) => aaOf([round]));
  const sameProcess = all.map((round) => ratioOf(round, sideCount, 0));
  const firstHalf = all.map((round) => Math.log(ratioOf(round, sideCount - 1, 0, 0)));
  const secondHalf = all.map((round) => Math.log(ratioOf(round, sideCount - 1, 0, 1)));
  console.log(`${order}: ${all.length} rounds; per-round A/A ${perRound.map((v) => v.toFixed(3)).join(' ')}`);
  console.log(`  per round: geometric mean ${spread(perRound).geoMean}, sd ${spread(perRound).sdPercent} %; pooled over all ${aaOf(all).toFixed(3)}`);
  console.log(`  same process A/A per round: sd ${spread(sameProcess).sdPercent} % (${sameProcess.map((v) => v.toFixed(3)).join(' ')})`);
  console.log(`  first against second half of each round's A/A: correlation ${correlation(firstHalf, secondHalf).toFixed(2)}`);
  // Pooled A/A over k rounds drawn without replacement (400 draws): how far one bench run of k rounds strays.
  for (const k of [4, 8, 16].filter((size) => size < all.length)) {
    const draws: number[] = [];
    for (let d = 0; d < 400; d++) {
      const picked = [...all].sort(() => Math.random() - 0.5).slice(0, k);
      draws.push(aaOf(picked));
    }
    draws.sort((x, y) => x - y);
    console.log(`  pooled over ${k} rounds: 5-95 % ${percentile(draws, 5).toFixed(3)}-${percentile(draws, 95).toFixed(3)}, sd ${spread(draws).sdPercent} %`);
  }
}
console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
