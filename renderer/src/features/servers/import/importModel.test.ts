import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../../../../shared/servers.ts';
import { decisionsFromRows, renameProblem, rowsFromPreview, selectedCount } from './importModel.ts';

const preview: ImportPreview = {
  format: 'claude_desktop',
  entries: [
    { name: 'memory', config: { command: 'npx' }, clash: true },
    { name: 'broken', error: { message: 'Command is required', field: 'command' }, clash: false },
    { name: 'fs', config: { command: 'npx' }, clash: false },
  ],
};

describe('import choices', () => {
  it('selects valid entries, leaves broken ones out and renames clashes to a free name', () => {
    const rows = rowsFromPreview(preview, ['memory']);
    expect(rows.map((r) => r.selected)).toEqual([true, false, true]);
    expect(rows[0]?.newName).toBe('memory-2');
    expect(selectedCount(rows)).toBe(2);
    expect(decisionsFromRows(rows)).toEqual([
      { name: 'memory', action: 'rename', newName: 'memory-2' },
      { name: 'broken', action: 'skip' },
      { name: 'fs', action: 'add' },
    ]);
  });

  it('replaces only when asked and flags a rename onto a taken name', () => {
    const rows = rowsFromPreview(preview, ['memory']);
    const first = rows[0];
    if (!first) throw new Error('no row');
    expect(decisionsFromRows([{ ...first, resolution: 'replace' }])).toEqual([{ name: 'memory', action: 'replace' }]);
    expect(renameProblem({ ...first, newName: 'fs' }, rows, ['memory'])).toBe('import.errors.nameDuplicate');
    expect(renameProblem({ ...first, newName: 'MEMORY' }, rows, ['memory'])).toBe('import.errors.nameTaken');
  });
});
