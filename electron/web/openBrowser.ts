/** Opens a URL in the user's default browser with the OS's own opener; failures are only logged. */
import { spawn } from 'node:child_process';
import type { Logger } from '../host/environment.ts';

/** Launches the system opener detached, so web mode does not wait for (or own) the browser. */
export function openBrowser(url: string, logger: Logger): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', (cause) => logger.warn('web: could not open a browser', { cause: cause.message }));
    child.unref();
  } catch (cause) {
    logger.warn('web: could not open a browser', { cause: String(cause) });
  }
}
