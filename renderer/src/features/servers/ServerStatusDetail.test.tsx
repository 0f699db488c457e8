// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
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

  it('translates the host message, the PATH heading and every hint from their codes (Vietnamese and Chinese)', async () => {
    const status = {
      state: 'error' as const,
      message: 'Command not found: "uvx" is not in any of the 2 folders of the PATH Switchboard searched.',
      code: 'command_not_found',
      stderrTail: [],
      at: 0,
      detail: 'Searched PATH:\n  /usr/bin\n  /bin\n\nWhat to try:\n  - Install uv',
      text: { code: 'cnf.notInPath' as const, params: { command: 'uvx', folders: 2 } },
      hints: [{ code: 'cnf.hint.uv' as const }, { code: 'cnf.hint.fullPath' as const, params: { lookup: 'command -v uvx' } }],
      searched: ['/usr/bin', '/bin'],
    };
    try {
      await i18next.changeLanguage('vi');
      const { unmount } = render(<ServerStatusDetail serverId="ghost" status={status} />);
      expect(screen.getByText('Không tìm thấy lệnh: "uvx" không nằm trong thư mục nào trong 2 thư mục của PATH mà Switchboard đã tìm.')).toBeTruthy();
      const detail = screen.getByTestId('server-error-detail').textContent ?? '';
      expect(detail).toContain('PATH đã tìm:');
      expect(detail).toContain('/usr/bin');
      expect(detail).toContain('Cài uv');
      expect(detail).toContain('chạy `command -v uvx`');
      expect(detail).not.toMatch(/What to try|Install uv/);
      unmount();
      await i18next.changeLanguage('zh-CN');
      render(<ServerStatusDetail serverId="ghost" status={{ state: 'restarting', attempt: 2, nextTryAt: Date.now() + 3000, lastError: 'The server exited (exit code 1).', lastErrorText: { code: 'lost.exitedCode', params: { exitCode: 1 } } }} />);
      expect(screen.getByText('服务器已退出（退出码 1）。')).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says a queued server is waiting for its turn to start', () => {
    render(<ServerStatusDetail serverId="memory" status={{ state: 'queued', since: 0 }} />);
    expect(screen.getByTestId('server-queued').textContent).toBe('Waiting for its turn to start (only a few servers start at once).');
  });

  it('shows no "what to try" block when the host gave none', () => {
    render(<ServerStatusDetail serverId="x" status={{ state: 'error', message: 'boom', code: 'process_exited', stderrTail: [], at: 0 }} />);
    expect(screen.queryByTestId('server-error-detail')).toBeNull();
  });

  it('says on a ready server that its change notifications are down and when they are retried', () => {
    const ready = {
      state: 'ready' as const,
      since: 0,
      era: 'modern' as const,
      protocolVersion: '2026-07-28',
      serverName: 'remote',
      serverVersion: '1.0.0',
      capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: true, resources: false, prompts: false }, subscribe: false },
      counts: { tools: 2, resources: 0, prompts: 0 },
      warnings: [],
    };
    const { rerender } = render(<ServerStatusDetail serverId="remote" status={{ ...ready, changeStreamDown: { since: Date.now(), nextTryAt: Date.now() + 4000, reason: 'Change notifications dropped.' } }} />);
    expect(screen.getByTestId('server-change-stream-down').textContent).toMatch(/Change notifications from this server are interrupted.*Reconnecting in [34] s/);
    rerender(<ServerStatusDetail serverId="remote" status={ready} />);
    expect(screen.queryByTestId('server-change-stream-down')).toBeNull();
  });

  it('writes the time of the failure in the chosen language, not the browser’s', () => {
    const at = new Date(2026, 0, 5, 18, 52, 47).getTime();
    void i18next.changeLanguage('vi');
    try {
      render(<ServerStatusDetail serverId="x" status={{ state: 'error', message: 'boom', code: 'process_exited', stderrTail: [], at }} />);
      expect(screen.getByText(/^Mã process_exited/).textContent).toBe(`Mã process_exited · ${new Date(at).toLocaleTimeString('vi')}`);
    } finally {
      void i18next.changeLanguage('en');
    }
  });

  it('shows the name and version a server reports isolated, with its hidden characters visible', () => {
    const ready = {
      state: 'ready' as const, since: 0, era: 'legacy' as const, protocolVersion: '2025-06-18', serverName: 'files\u202Eexe.txt', serverVersion: '1\u200B.0',
      capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
      counts: { tools: 0, resources: 0, prompts: 0 }, warnings: [],
    };
    render(<ServerStatusDetail serverId="x" status={ready} />);
    const name = document.querySelector('.sv-meta-name');
    expect([...(name?.querySelectorAll('bdi') ?? [])].map((node) => node.textContent)).toEqual(['files⟨U+202E⟩exe.txt', '1⟨U+200B⟩.0']);
    expect(name?.textContent).not.toMatch(/[\u202E\u200B]/);
  });
});
