import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogger, redactFields } from './fileLogger.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('file logger', () => {
  it('never writes secret-looking fields', () => {
    expect(redactFields({ apiKey: 'sk-1', headers: { Authorization: 'Bearer x', accept: 'json' }, list: [{ access_token: 't' }], server: 'memory' })).toEqual({
      apiKey: '[redacted]',
      headers: { Authorization: '[redacted]', accept: 'json' },
      list: [{ access_token: '[redacted]' }],
      server: 'memory',
    });
  });

  it('writes JSON lines to main.log (0600) and keeps one previous file when the cap is crossed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-logs-'));
    dirs.push(dir);
    const logger = createFileLogger(join(dir, 'logs'), { maxBytes: 300 });
    logger.info('started', { version: '1.0.0', token: 'secret-token' });
    const first = readFileSync(logger.file, 'utf8');
    expect(JSON.parse(first.trim())).toMatchObject({ level: 'info', message: 'started', version: '1.0.0', token: '[redacted]' });
    expect(statSync(logger.file).mode & 0o777).toBe(0o600);
    for (let i = 0; i < 10; i += 1) logger.warn(`line ${i}`, { padding: 'x'.repeat(40) });
    expect(existsSync(join(dir, 'logs', 'main.old.log'))).toBe(true);
    expect(statSync(logger.file).size).toBeLessThan(600);
    expect(readFileSync(logger.file, 'utf8')).toContain('line 9');
  });
});
