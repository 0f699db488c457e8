/** Builds a call table whose every entry answers `not_implemented`; a placeholder while a module is built. */
import { hostErr, type Result } from '../../shared/errors.ts';
import { hostMessage } from '../../shared/hostMessages.ts';

/** A table of calls that each answer `not_implemented`. */
export function notImplementedCalls<T>(names: readonly string[]): T {
  const table: Record<string, () => Promise<Result<never>>> = {};
  for (const name of names) table[name] = () => Promise.resolve(hostErr('not_implemented', hostMessage('host.notImplemented', { name })));
  return table as T;
}
