/**
 * Explains a server command that could not be started: which command, which PATH was searched, and what to try.
 * Pure and free of electron imports, so the MCP connection layer (desktop and web mode) can call it on ENOENT.
 */
import { isAbsolute, resolve } from 'node:path';
import { appError, type AppError } from '../../../shared/errors.ts';

/** What is known when a spawn failed with ENOENT (or a pre-check found nothing). */
export interface CommandNotFoundInput {
  /** The command exactly as configured, e.g. `npx` or `/opt/tools/server`. */
  command: string;
  /** The PATH the child was started with (its env.PATH, else the base env's). */
  searchedPath: string | undefined;
  platform: NodeJS.Platform;
  /** The server's working directory, for relative commands. */
  cwd?: string;
  /** Set when the login shell's environment could not be read at startup (its reason). */
  loginShellProblem?: string;
}

/** The explanation, in parts the UI can lay out. */
export interface CommandNotFoundReport {
  message: string;
  /** The PATH entries searched, in order, without duplicates. */
  searched: string[];
  /** What to try, most likely fix first. */
  hints: string[];
}

const nodeCommands = new Set(['npx', 'npm', 'node', 'pnpm', 'pnpx', 'yarn', 'corepack']);
const pythonCommands = new Set(['python', 'python3', 'pip', 'pip3', 'pipx']);

function commandName(command: string): string {
  const last = command.split(/[\\/]/).pop() ?? command;
  return last.replace(/\.(cmd|exe|bat|ps1)$/i, '').toLowerCase();
}

function hasPathSeparator(command: string, platform: NodeJS.Platform): boolean {
  return command.includes('/') || (platform === 'win32' && command.includes('\\'));
}

/** Splits a PATH value into its entries, in order, dropping empties and duplicates. */
export function pathEntries(pathValue: string | undefined, platform: NodeJS.Platform): string[] {
  const separator = platform === 'win32' ? ';' : ':';
  const seen = new Set<string>();
  for (const entry of (pathValue ?? '').split(separator)) if (entry.trim().length > 0) seen.add(entry.trim());
  return [...seen];
}

function toolHints(name: string, platform: NodeJS.Platform): string[] {
  const profile = platform === 'darwin' ? '~/.zprofile or ~/.zshrc' : '~/.profile, ~/.bash_profile or ~/.bashrc';
  if (nodeCommands.has(name)) {
    return [
      `Install Node.js (https://nodejs.org), which provides node, npm and npx, then restart Switchboard.`,
      `If Node.js comes from nvm, fnm or volta, make sure your login shell sets it up (${profile}); Switchboard reads that environment when it starts.`,
    ];
  }
  if (name === 'uvx' || name === 'uv') {
    return ['Install uv (https://docs.astral.sh/uv/), which provides uvx, then restart Switchboard. It installs into ~/.local/bin by default.'];
  }
  if (name === 'docker') return ['Install Docker (Docker Desktop or Docker Engine) and make sure it is running, then restart Switchboard.'];
  if (name === 'bunx' || name === 'bun') return ['Install Bun (https://bun.sh), which provides bunx, then restart Switchboard.'];
  if (name === 'deno') return ['Install Deno (https://deno.com), then restart Switchboard.'];
  if (pythonCommands.has(name)) {
    return [platform === 'win32' ? 'Install Python 3 (https://www.python.org); on Windows the launcher is `py`.' : 'Install Python 3, or use `python3` if `python` is not on your system.'];
  }
  return ['Check the spelling of the command, or install the program that provides it.'];
}

/** Builds the explanation for a command that was not found. */
export function describeCommandNotFound(input: CommandNotFoundInput): CommandNotFoundReport {
  const { command, platform } = input;
  const searched = pathEntries(input.searchedPath, platform);
  const name = commandName(command);
  const lookup = platform === 'win32' ? `where ${name}` : `command -v ${name}`;
  const hints: string[] = [];

  let message: string;
  if (hasPathSeparator(command, platform)) {
    const full = isAbsolute(command) ? command : resolve(input.cwd ?? process.cwd(), command);
    message = `Command not found: "${command}" — there is no executable file at ${full}.`;
    hints.push('Check that the file exists and is executable, or use the command name alone to search PATH.');
    if (!isAbsolute(command)) hints.push(`Relative paths start from the server's working directory (${input.cwd ?? 'not set'}); an absolute path is safer.`);
  } else {
    message =
      searched.length > 0
        ? `Command not found: "${command}" is not in any of the ${searched.length} folders of the PATH Switchboard searched.`
        : `Command not found: "${command}" — the PATH Switchboard searched is empty.`;
    hints.push(...toolHints(name, platform));
    hints.push(`Or use the command's full path: run \`${lookup}\` in a terminal and paste the result as the server's command.`);
    if (platform === 'win32') {
      hints.push(`On Windows, npx and npm are .cmd scripts; Switchboard starts them like a terminal does, but the full path (from \`where ${name}\`) always works.`);
    }
  }
  if (input.loginShellProblem) {
    hints.push(`Switchboard could not read your login shell's environment (${input.loginShellProblem}), so it searched only the PATH it was started with.`);
  }
  return { message, searched, hints };
}

/** The same explanation as an AppError (`command_not_found`, field `command`), with the searched PATH and hints in `detail`. */
export function commandNotFoundError(input: CommandNotFoundInput): AppError {
  const report = describeCommandNotFound(input);
  const detail = [
    'Searched PATH:',
    ...(report.searched.length > 0 ? report.searched.map((entry) => `  ${entry}`) : ['  (empty)']),
    '',
    'What to try:',
    ...report.hints.map((hint) => `  - ${hint}`),
  ].join('\n');
  return appError('command_not_found', report.message, { field: 'command', detail });
}
