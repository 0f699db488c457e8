// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ServerStatus } from '../../../../shared/servers.ts';
import { initI18n } from '../../i18n/index.ts';
import { StatusBadge } from './StatusBadge.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const ready: ServerStatus = {
  state: 'ready', since: 0, era: 'modern', protocolVersion: '2026-07-28', serverName: 'everything', serverVersion: '2.0.0',
  capabilities: { tools: true, resources: true, prompts: true, logging: true, completions: false, listChanged: { tools: true, resources: false, prompts: false }, subscribe: false },
  counts: { tools: 12, resources: 7, prompts: 3 }, warnings: [],
};

const cases: [ServerStatus, string, string][] = [
  [ready, 'Ready', 'badge-success'],
  [{ state: 'connecting', since: 0 }, 'Connecting', 'badge-info'],
  [{ state: 'queued', since: 0 }, 'Queued', 'badge'],
  [{ state: 'restarting', attempt: 3, nextTryAt: 0, lastError: 'exit 1' }, 'Restarting (try 3)', 'badge-warning'],
  [{ state: 'error', message: 'boom', code: 'process_exited', stderrTail: [], at: 0 }, 'Error', 'badge-danger'],
  [{ state: 'invalid', message: 'Command is required', field: 'command' }, 'Invalid config', 'badge-danger'],
  [{ state: 'auth_required', message: 'Sign in' }, 'Sign in required', 'badge-warning'],
  [{ state: 'disabled' }, 'Disabled', 'badge'],
];

describe('StatusBadge', () => {
  it.each(cases)('shows %o in words and colour', (status, label, tone) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByTestId('status-badge');
    expect(badge.textContent).toBe(label);
    expect(badge.getAttribute('data-state')).toBe(status.state);
    expect(badge.className).toContain(tone);
  });

  it('pulses only while something is in progress', () => {
    render(<StatusBadge status={{ state: 'connecting', since: 0 }} />);
    expect(screen.getByTestId('status-badge').className).toContain('badge-pulse');
    cleanup();
    render(<StatusBadge status={ready} />);
    expect(screen.getByTestId('status-badge').className).not.toContain('badge-pulse');
  });
});
