import { describe, expect, it } from 'vitest';
import { boundedCorrection } from './endCorrection.ts';

describe('boundedCorrection', () => {
  it('does not move a view whose list still fits its window', () => {
    // A new chat: 293 px of rows in a 583 px window, the reply's row grew by 217 px (the library wrote offset 217).
    expect(boundedCorrection(217, 0, 293, 583)).toBe(0);
  });

  it('moves a view at the end only by how far the end passed the window', () => {
    // The rows grew from 400 to 1,797 px in a 583 px window: the end is 1,214 px past it, not 1,397.
    expect(boundedCorrection(1397, 0, 1797, 583)).toBe(1214);
  });

  it('keeps a growth that fits below the end, and every shrink', () => {
    expect(boundedCorrection(120, 2000, 3000, 600)).toBe(120);
    expect(boundedCorrection(-50, 2000, 3000, 600)).toBe(-50);
  });
});
