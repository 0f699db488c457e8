/** Opens web mode in the user's default browser with the OS's own opener; failures are only logged. */
import { spawn } from 'node:child_process';
import type { Logger } from '../host/environment.ts';

/** Runs an opener command; replaced in tests to see exactly what would be run. */
export type LaunchCommand = (command: string, args: string[]) => void;

/**
 * The opener's command line for `url`. Every local user can read it in /proc/<pid>/cmdline, so callers pass a URL with
 * a one-time code (WebServer.oneTimeUrl), never the token.
 */
export function browserCommand(platform: NodeJS.Platform, url: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url]];
  return ['xdg-open', [url]];
}

/** Launches an opener detached, so web mode does not wait for (or own) the browser. */
export function spawnDetached(logger: Logger): LaunchCommand {
  return (command, args) => {
    try {
      const child = spawn(command, args, { detached: true, stdio: 'ignore' });
      child.on('error', (cause) => logger.warn('web: could not open a browser', { cause: cause.message }));
      child.unref();
    } catch (cause) {
      logger.warn('web: could not open a browser', { cause: String(cause) });
    }
  };
}

/** Opens `url` (a one-time-code URL) in the default browser. */
export function openBrowser(url: string, launch: LaunchCommand, platform: NodeJS.Platform = process.platform): void {
  const [command, args] = browserCommand(platform, url);
  launch(command, args);
}
