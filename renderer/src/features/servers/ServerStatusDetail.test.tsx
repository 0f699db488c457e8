// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { initI18n } from '../../i18n/index.ts';
import { ServerStatusDetail } from './ServerStatusDetail.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('ServerStatusDetail', () => {
  it('shows a failed server its message, what to try and its stderr tail', () => {
    render(
      <ServerStatusDetail
        serverId="ghost"
        status={{
          state: 'error',
          message: 'Command not found: "uvx" is not in any of the 2 folders of the PATH Switchboard searched.',
          code: 'command_not_found',
          stderrTail: ['last words'],
          at: 0,
          detail: 'Searched PATH:\n  /usr/bin\n  /bin\n\nWhat to try:\n  - Install uv',
        }}
      />,
    );
    expect(screen.getByText(/Command not found: "uvx"/)).toBeTruthy();
    expect(screen.getByTestId('server-error-detail').textContent).toContain('/usr/bin');
    expect(screen.getByTestId('server-error-detail').textContent).toContain('Install uv');
    expect(screen.getByText('last words')).toBeTruthy();
  });

  it('shows no "what to try" block when the host gave none', () => {
    render(<ServerStatusDetail serverId="x" status={{ state: 'error', message: 'boom', code: 'process_exited', stderrTail: [], at: 0 }} />);
    expect(screen.queryByTestId('server-error-detail')).toBeNull();
  });
});
