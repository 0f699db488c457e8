/**
 * The order in which the `call` bench's sides take their turns within one cycle of blocks (issue 12, `call` sixth look).
 * `rotate` was the bench's order until then: a fixed cycle whose start moves by one each cycle, so every side always
 * ran right after the same other side. `shuffle` draws a fresh order every cycle (a seeded generator, so a run can be
 * repeated), so each side follows each other side, and sits in each position, equally often over a run.
 */
import { seededRandom } from './lib.ts';

export type SideOrder = 'rotate' | 'shuffle';

const shared = seededRandom(12);

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
