/** The optional parts of an AppError that an error status carries (detail, translatable text, hints, searched PATH). */
import type { AppError } from '../../../shared/errors.ts';
import type { ServerStatus } from '../../../shared/servers.ts';

type ErrorStatusParts = Pick<Extract<ServerStatus, { state: 'error' }>, 'detail' | 'text' | 'hints' | 'searched'>;

/** Copies the parts an error has, leaving absent ones out (exactOptionalPropertyTypes). */
export function errorParts(error: AppError): ErrorStatusParts {
  return {
    ...(error.detail !== undefined ? { detail: error.detail } : {}),
    ...(error.text ? { text: error.text } : {}),
    ...(error.hints ? { hints: error.hints } : {}),
    ...(error.searched ? { searched: error.searched } : {}),
  };
}
