/** The import preview as choices: which entries to add, and how to resolve a name clash (rename or replace). */
import type { ImportDecision, ImportEntry, ImportPreview } from '../../../../../shared/servers.ts';
import { freeName } from '../templates/templates.ts';

/** One previewed entry with the user's choice. */
export interface ImportRow {
  entry: ImportEntry;
  selected: boolean;
  /** For clashing entries: keep both under a new name, or replace the existing server. */
  resolution: 'rename' | 'replace';
  newName: string;
}

/** Initial choices: every valid entry selected; clashes renamed to a free name (never a silent replace). */
export function rowsFromPreview(preview: ImportPreview, existing: readonly string[]): ImportRow[] {
  const taken = [...existing, ...preview.entries.map((e) => e.name)];
  return preview.entries.map((entry) => {
    const newName = entry.clash ? freeName(entry.name, taken) : entry.name;
    if (entry.clash) taken.push(newName);
    return { entry, selected: !entry.error, resolution: 'rename', newName };
  });
}

/** Problem with a row's new name (i18n key in `servers`), if any. */
export function renameProblem(row: ImportRow, rows: ImportRow[], existing: readonly string[]): string | undefined {
  if (!row.selected || !row.entry.clash || row.resolution !== 'rename') return undefined;
  const name = row.newName.trim();
  if (!name) return 'import.errors.nameRequired';
  const lower = name.toLowerCase();
  if (existing.some((n) => n.toLowerCase() === lower)) return 'import.errors.nameTaken';
  const others = rows.filter((r) => r !== row && r.selected).map((r) => (r.entry.clash && r.resolution === 'rename' ? r.newName.trim() : r.entry.name).toLowerCase());
  if (others.includes(lower)) return 'import.errors.nameDuplicate';
  return undefined;
}

/** The decisions sent with `servers.importApply`: one per entry, so nothing is imported by default. */
export function decisionsFromRows(rows: ImportRow[]): ImportDecision[] {
  return rows.map(({ entry, selected, resolution, newName }) => {
    if (!selected || entry.error) return { name: entry.name, action: 'skip' };
    if (!entry.clash) return { name: entry.name, action: 'add' };
    return resolution === 'replace' ? { name: entry.name, action: 'replace' } : { name: entry.name, action: 'rename', newName: newName.trim() };
  });
}

/** How many entries will be added or replaced. */
export function selectedCount(rows: ImportRow[]): number {
  return rows.filter((r) => r.selected && !r.entry.error).length;
}
