/**
 * A per-task time budget for formatting Markdown while a reply streams. A fast stream can bring dozens of finished
 * blocks in one frame (more when the machine is slow, which makes the next frame slower still); formatting them all in
 * that frame blocked the page for seconds. Blocks past the budget show as plain text and are formatted a few per task
 * afterwards, so no task runs much longer than the budget plus one block, however fast the text comes.
 */

/** Milliseconds of formatting allowed per task before further blocks wait. */
export const PARSE_BUDGET_MS = 12;
/**
 * In a task whose start was marked (`startTask`: the stream's flush), no formatting starts once the task has run this
 * long, whatever it spent on formatting. The first flush of a new chat mounts the message list and the turn so far
 * (20-40 ms of rendering before the first chunk), and formatting its full budget on top made it the reply's longest
 * task; a flush of a running reply reaches its chunks within a few ms and keeps its whole budget.
 */
export const TASK_LIMIT_MS = 24;
/** Waiting blocks woken per task (each that finds the budget spent waits again). */
const WAKE_PER_TASK = 8;

/** Timing and scheduling hooks, replaceable in tests. */
export interface BudgetClock {
  now: () => number;
  /** Runs `run` in a later task. */
  later: (run: () => void) => void;
}

const browserClock: BudgetClock = {
  now: () => performance.now(),
  later: (run) => void setTimeout(run, 0),
};

/** A budget shared by every block on the page (tasks are page-wide). */
export interface ParseBudget {
  /** Marks the start of the current task's work (the stream's flush): formatting stops TASK_LIMIT_MS after it. */
  startTask(): void;
  /** True while the current task may still format a block. */
  available(): boolean;
  /** Runs `format`, charging its time to the current task's budget. */
  spend<T>(format: () => T): T;
  /** Calls `wake` in a later task when there may be budget again; returns a function that cancels it. */
  whenAvailable(wake: () => void): () => void;
}

/** Creates a budget (one per page; tests make their own with a fake clock). */
export function createParseBudget(clock: BudgetClock = browserClock, budgetMs = PARSE_BUDGET_MS, taskLimitMs = TASK_LIMIT_MS): ParseBudget {
  let spent = 0;
  let taskStart: number | undefined;
  let resetQueued = false;
  let wakeQueued = false;
  const waiting = new Set<() => void>();

  // The budget is per task: it refills in the next task (a timer runs only once the current task has ended).
  const queueReset = (): void => {
    if (resetQueued) return;
    resetQueued = true;
    clock.later(() => {
      resetQueued = false;
      spent = 0;
      taskStart = undefined;
    });
  };

  const queueWake = (): void => {
    if (wakeQueued) return;
    wakeQueued = true;
    clock.later(() => {
      wakeQueued = false;
      spent = 0;
      taskStart = undefined;
      const batch = [...waiting].slice(0, WAKE_PER_TASK);
      for (const wake of batch) waiting.delete(wake);
      for (const wake of batch) wake();
      if (waiting.size > 0) queueWake();
    });
  };

  return {
    startTask() {
      taskStart = clock.now();
      queueReset();
    },
    available: () => spent < budgetMs && (taskStart === undefined || clock.now() - taskStart < taskLimitMs),
    spend(format) {
      const started = clock.now();
      try {
        return format();
      } finally {
        spent += clock.now() - started;
        queueReset();
      }
    },
    whenAvailable(wake) {
      waiting.add(wake);
      queueWake();
      return () => {
        waiting.delete(wake);
      };
    },
  };
}

/** The page's budget. */
export const parseBudget = createParseBudget();
