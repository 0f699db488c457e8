/**
 * The order in which the `call` bench's sides take their turns within one cycle of blocks (issue 12, `call` sixth look).
 * `rotate` was the bench's order until then: a fixed cycle whose start moves by one each cycle, so every side always
 * ran right after the same other side. `shuffle` draws a fresh order every cycle (a seeded generator, so a run can be
 * repeated), so each side follows each other side, and sits in each position, equally often over a run.
 */
export type SideOrder = 'rotate' | 'shuffle';

/** A small seeded generator (mulberry32): the same seed gives the same orders. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const shared = generator(12);

/** The sides' indexes in the order they run in this cycle. */
export function cycleOrder(order: SideOrder, cycle: number, sides: number, random: () => number = shared): number[] {
  const indexes = Array.from({ length: sides }, (_, k) => (order === 'rotate' ? (cycle + k) % sides : k));
  if (order === 'rotate') return indexes;
  for (let i = sides - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const held = indexes[i] ?? i;
    indexes[i] = indexes[j] ?? j;
    indexes[j] = held;
  }
  return indexes;
}
