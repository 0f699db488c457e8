/** Typed reading of node:sqlite rows (which come back as loosely typed records) and JSON columns. */

/** A row as node:sqlite returns it. */
export type Row = Record<string, unknown>;

/** A text column; '' when null. */
export function text(row: Row, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
}

/** An optional text column. */
export function optionalText(row: Row, column: string): string | undefined {
  const value = row[column];
  return typeof value === 'string' ? value : undefined;
}

/** A numeric column; 0 when null. */
export function num(row: Row, column: string): number {
  const value = row[column];
  return typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : 0;
}

/** An optional numeric column. */
export function optionalNum(row: Row, column: string): number | undefined {
  const value = row[column];
  return typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : undefined;
}

/** Parses a JSON column; `fallback` when null or unparsable (a damaged value must not hide the rest of the chat). */
export function json<T>(row: Row, column: string, fallback: T): T {
  const value = row[column];
  if (typeof value !== 'string') return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** Serializes an optional value for a JSON column. */
export function toJson(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}
