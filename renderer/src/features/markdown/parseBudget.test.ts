import { describe, expect, it } from 'vitest';
import { createParseBudget, type BudgetClock } from './parseBudget.ts';

/** A clock whose time moves only when told, and whose later tasks run when the test says so. */
function fakeClock(): BudgetClock & { advance: (ms: number) => void; runTasks: () => void } {
  let now = 0;
  let tasks: (() => void)[] = [];
  return {
    now: () => now,
    later: (run) => void tasks.push(run),
    advance: (ms) => void (now += ms),
    runTasks: () => {
      const due = tasks;
      tasks = [];
      for (const run of due) run();
    },
  };
}

describe('parseBudget', () => {
  it('lets a task format until its budget is spent, then refills in the next task', () => {
    const clock = fakeClock();
    const budget = createParseBudget(clock, 10);
    expect(budget.spend(() => (clock.advance(6), 'a'))).toBe('a');
    expect(budget.available()).toBe(true);
    budget.spend(() => clock.advance(6));
    expect(budget.available()).toBe(false);
    clock.runTasks();
    expect(budget.available()).toBe(true);
  });

  it('wakes waiting blocks in a later task, a few per task, and not once cancelled', () => {
    const clock = fakeClock();
    const budget = createParseBudget(clock, 10);
    const woken: number[] = [];
    const cancels = Array.from({ length: 12 }, (_, i) => budget.whenAvailable(() => woken.push(i)));
    cancels[11]?.();
    expect(woken).toEqual([]);
    clock.runTasks();
    expect(woken).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    clock.runTasks();
    expect(woken).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('starts no formatting late in a marked task, and forgets the mark in the next task', () => {
    const clock = fakeClock();
    const budget = createParseBudget(clock, 10, 20);
    budget.startTask();
    // The task rendered other things for 18 ms first: one block fits, then the task is past its limit.
    clock.advance(18);
    expect(budget.available()).toBe(true);
    budget.spend(() => clock.advance(3));
    expect(budget.available()).toBe(false);
    clock.runTasks();
    // An unmarked task has its whole budget again.
    expect(budget.available()).toBe(true);
    budget.spend(() => clock.advance(9));
    expect(budget.available()).toBe(true);
  });

  it('charges a format that throws', () => {
    const clock = fakeClock();
    const budget = createParseBudget(clock, 10);
    expect(() =>
      budget.spend(() => {
        clock.advance(20);
        throw new Error('bad');
      }),
    ).toThrow('bad');
    expect(budget.available()).toBe(false);
  });
});
