/** Where Switchboard keeps its data when no `--data-dir` is given; the same folder the desktop app uses. */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The per-OS default data folder: ~/.config/Switchboard, ~/Library/Application Support/Switchboard, %APPDATA%\Switchboard. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: Record<string, string | undefined> = process.env,
  home: string = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Switchboard');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Switchboard');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Switchboard');
}
