/**
 * Why a server entry is invalid, as a host message the renderer translates. Zod words its issues in English; each
 * issue kind (and each custom message the config schema sets) maps to a code naming the field, so the servers
 * file, the add/edit form and the import preview say it in the user's language.
 */
import type { z } from 'zod';
import { englishOf, hostMessage, type HostMessage, type HostMessageCode } from './hostMessages.ts';

/** A failed entry check: what is wrong (English, for logs), as a code plus parameters, and which field (dotted). */
export interface EntryProblem {
  message: string;
  text: HostMessage;
  field?: string;
}

/** The entry problem for a host message: its English becomes `message`. */
export function entryProblem(text: HostMessage, field?: string): EntryProblem {
  return { message: englishOf(text), text, ...(field !== undefined ? { field } : {}) };
}

// The custom messages shared/serverConfig.ts gives its checks, by the code that translates each.
const customCodes: Record<string, HostMessageCode> = {
  'Name is required': 'entry.nameRequired',
  'Name is at most 100 characters': 'entry.nameTooLong',
  'Command is required': 'entry.commandRequired',
  'URL must be an http:// or https:// address': 'entry.urlScheme',
  'Environment variable names use letters, digits and _': 'entry.envName',
  'A root is a folder path': 'entry.rootRequired',
  'A root must be an absolute folder path': 'entry.rootAbsolute',
  'At most 50 roots': 'entry.rootsMax',
  'A scope is one word of printable characters': 'entry.scopeWord',
};

/** One zod issue about `field` as a host message. */
export function issueText(issue: z.core.$ZodIssue, field: string): HostMessage {
  const custom = Object.hasOwn(customCodes, issue.message) ? customCodes[issue.message] : undefined;
  if (custom) return hostMessage(custom, { field });
  switch (issue.code) {
    case 'invalid_type':
      // Issues carry no input (zod's reportInput is off): a missing value shows only in the English.
      return /received undefined$/.test(issue.message) ? hostMessage('entry.required', { field }) : hostMessage('entry.wrongType', { field, expected: issue.expected });
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return hostMessage('entry.empty', { field });
      return hostMessage('entry.tooSmall', { field, minimum: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return hostMessage('entry.tooLong', { field, maximum: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return hostMessage('entry.tooMany', { field, maximum: Number(issue.maximum) });
      return hostMessage('entry.tooBig', { field, maximum: Number(issue.maximum) });
    case 'invalid_value':
      return hostMessage('entry.oneOf', { field, options: issue.values.map((value) => JSON.stringify(value)).join(', ') });
    case 'invalid_format':
      return hostMessage('entry.badFormat', { field });
    default:
      // A zod check the schema does not use today: its English reason, still naming the field.
      return hostMessage('entry.other', { field, reason: issue.message });
  }
}

/** The first zod issue of a failed entry check, naming its field. */
export function describeIssue(issue: z.core.$ZodIssue | undefined): EntryProblem {
  if (!issue) return entryProblem(hostMessage('entry.invalid'));
  const field = issue.path.map(String).join('.');
  // zod reports a fraction where an int belongs as an invalid_type of `int`: its own sentence reads better.
  if (issue.code === 'invalid_type' && issue.expected === 'int') return entryProblem(hostMessage('entry.notInteger', { field }), field || undefined);
  if (!field) return entryProblem(hostMessage('entry.other', { field: 'entry', reason: issue.message }));
  return entryProblem(issueText(issue, field), field);
}
