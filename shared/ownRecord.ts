/**
 * Records keyed by names that come from users or servers (server names, tool names, env and header names). Any
 * name may be `__proto__`, `constructor` or `toString`: on a plain `{}` reading such a key finds Object.prototype's
 * member and writing `__proto__` replaces the prototype instead of storing the entry. These helpers build
 * null-prototype objects and read own properties only. Pure: the renderer uses it too.
 */
import { z } from 'zod';

/** An empty object without a prototype, so every key (even `__proto__`) is an ordinary own property. */
export function nullRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A null-prototype copy of `entries` (Object.fromEntries would keep Object.prototype behind missing keys). */
export function recordFrom<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out = nullRecord<T>();
  for (const [key, value] of entries) out[key] = value;
  return out;
}

/** The value stored under `key` itself, never one inherited from Object.prototype. */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** True for a JSON object (not an array, not null). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A zod record that keeps every key: zod's own `z.record` silently drops `__proto__`, so a server or tool of that
 * name would vanish on the next save. Output is a null-prototype object; issues name the key like z.record does.
 */
export function recordSchema<V extends z.ZodType>(key: z.ZodType<string>, value: V) {
  return z
    .custom<Record<string, z.input<V>>>(isObject, { message: 'Expected an object' })
    .transform((input, ctx) => {
      const out = nullRecord<z.output<V>>();
      for (const [name, raw] of Object.entries(input)) {
        const checkedKey = key.safeParse(name);
        if (!checkedKey.success) {
          for (const issue of checkedKey.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [name] });
          continue;
        }
        const checked = value.safeParse(raw);
        if (!checked.success) {
          for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [name, ...issue.path] });
          continue;
        }
        out[checkedKey.data] = checked.data;
      }
      return out;
    });
}
