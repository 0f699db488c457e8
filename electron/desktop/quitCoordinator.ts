/** Makes quitting wait for the host to close its MCP clients, child processes and database, with a deadline. */

/** What the app's `before-quit` handler needs to know. */
export interface QuitCoordinator {
  /** Call from `before-quit`: true means "prevent this quit, shutdown is running and will quit again". */
  shouldPreventQuit(): boolean;
  /** Resolves once shutdown finished or the deadline passed. */
  readonly done: Promise<void>;
}

/**
 * The first quit request starts `shutdown()` and is held back; when shutdown ends (or `timeoutMs` passes, so a
 * stuck server cannot keep the app alive), `quit()` is called again and this time let through.
 */
export function createQuitCoordinator(options: { shutdown: () => Promise<void>; quit: () => void; timeoutMs: number; onError?: (cause: unknown) => void }): QuitCoordinator {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const finish = () => {
    if (state === 'stopped') return;
    state = 'stopped';
    resolveDone();
    options.quit();
  };
  return {
    done,
    shouldPreventQuit() {
      if (state === 'stopped') return false;
      if (state === 'running') {
        state = 'stopping';
        const deadline = setTimeout(finish, options.timeoutMs);
        options
          .shutdown()
          .catch((cause: unknown) => options.onError?.(cause))
          .finally(() => {
            clearTimeout(deadline);
            finish();
          });
      }
      return true;
    },
  };
}
