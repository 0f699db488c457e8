/**
 * Explains a server command that could not be started: which command, which PATH was searched, and what to try.
 * Pure and free of electron imports, so the MCP connection layer (desktop and web mode) can call it on ENOENT.
 */
import { isAbsolute, resolve } from 'node:path';
import { hostError, type AppError } from '../../../shared/errors.ts';
import { englishOf, hostMessage, type HostMessage } from '../../../shared/hostMessages.ts';

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

/** The explanation, in parts the UI can lay out (each sentence as a code plus parameters, translated by the renderer). */
export interface CommandNotFoundReport {
  /** The headline in English (logs). */
  message: string;
  text: HostMessage;
  /** The PATH entries searched, in order, without duplicates. */
  searched: string[];
  /** What to try, most likely fix first, in English (logs). */
  hints: string[];
  hintTexts: HostMessage[];
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

function toolHints(name: string, platform: NodeJS.Platform): HostMessage[] {
  const profile = platform === 'darwin' ? '~/.zprofile or ~/.zshrc' : '~/.profile, ~/.bash_profile or ~/.bashrc';
  if (nodeCommands.has(name)) return [hostMessage('cnf.hint.node'), hostMessage('cnf.hint.nodeManagers', { profile })];
  if (name === 'uvx' || name === 'uv') return [hostMessage('cnf.hint.uv')];
  if (name === 'docker') return [hostMessage('cnf.hint.docker')];
  if (name === 'bunx' || name === 'bun') return [hostMessage('cnf.hint.bun')];
  if (name === 'deno') return [hostMessage('cnf.hint.deno')];
  if (pythonCommands.has(name)) return [hostMessage(platform === 'win32' ? 'cnf.hint.pythonWindows' : 'cnf.hint.python')];
  return [hostMessage('cnf.hint.spelling')];
}

/** Builds the explanation for a command that was not found. */
export function describeCommandNotFound(input: CommandNotFoundInput): CommandNotFoundReport {
  const { command, platform } = input;
  const searched = pathEntries(input.searchedPath, platform);
  const name = commandName(command);
  const lookup = platform === 'win32' ? `where ${name}` : `command -v ${name}`;
  const hints: HostMessage[] = [];

  let text: HostMessage;
  if (hasPathSeparator(command, platform)) {
    const full = isAbsolute(command) ? command : resolve(input.cwd ?? process.cwd(), command);
    text = hostMessage('cnf.noFile', { command, path: full });
    hints.push(hostMessage('cnf.hint.checkFile'));
    if (!isAbsolute(command)) hints.push(input.cwd ? hostMessage('cnf.hint.relative', { cwd: input.cwd }) : hostMessage('cnf.hint.relativeNoCwd'));
  } else {
    text = searched.length > 0 ? hostMessage('cnf.notInPath', { command, folders: searched.length }) : hostMessage('cnf.emptyPath', { command });
    hints.push(...toolHints(name, platform));
    hints.push(hostMessage('cnf.hint.fullPath', { lookup }));
    if (platform === 'win32') hints.push(hostMessage('cnf.hint.windowsCmd', { name }));
  }
  if (input.loginShellProblem) hints.push(hostMessage('cnf.hint.loginShell', { problem: input.loginShellProblem }));
  return { message: englishOf(text), text, searched, hints: hints.map(englishOf), hintTexts: hints };
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
  return hostError('command_not_found', report.text, { field: 'command', detail, hints: report.hintTexts, searched: report.searched });
}
