// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import { validateServerEntry } from '../../../../shared/importConfig.ts';
import type { ServerStatus } from '../../../../shared/servers.ts';
import { initI18n } from '../../i18n/index.ts';
import { ServerStatusDetail } from './ServerStatusDetail.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);
afterAll(async () => {
  await i18next.changeLanguage('en');
});

/** The invalid status the host lists for an entry, built by the host's own check. */
function invalidStatus(raw: unknown): ServerStatus {
  const checked = validateServerEntry(raw);
  if (checked.ok) throw new Error('expected an invalid entry');
  return { state: 'invalid', message: checked.message, text: checked.text, ...(checked.field ? { field: checked.field } : {}) };
}

const ready: ServerStatus = {
  state: 'ready', since: 0, era: 'legacy', protocolVersion: '2025-11-25', serverName: 'noisy', serverVersion: '1', warnings: ['Ignored non-JSON output on stdout: "banner"', '…and 2 more warnings (see the server log).'],
  warningTexts: [hostMessage('ready.stdoutIgnored', { line: '"banner"' }), hostMessage('ready.moreWarnings', { count: 2 })],
  capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
  counts: { tools: 1, resources: 0, prompts: 0 },
};

const signIn: ServerStatus = {
  state: 'auth_required',
  message: 'Sign in required (access asked for: notes:write). The last sign-in did not complete: The sign-in was declined at the authorization server.',
  text: hostMessage('auth.requiredScope', { scope: 'notes:write' }),
  failureText: hostMessage('auth.declined'),
};

const textOf = (status: ServerStatus) => render(<ServerStatusDetail serverId="s" status={status} />).container.textContent ?? '';

describe('server statuses the host words as codes, in the user language', () => {
  it('writes an invalid entry, ready warnings and a sign-in line in English from the same codes', async () => {
    await i18next.changeLanguage('en');
    expect(textOf(invalidStatus({ command: 'node', connectTimeoutMs: 5 }))).toContain('connectTimeoutMs: must be at least 1000');
    cleanup();
    expect(textOf(ready)).toContain('Ignored non-JSON output on stdout: "banner"');
    cleanup();
    expect(textOf(signIn)).toContain('The last sign-in did not complete: The sign-in was declined at the authorization server.');
  });

  const expected = {
    vi: { invalid: 'connectTimeoutMs: phải ít nhất là 1000', command: 'command: máy chủ cục bộ cần có "command"', warning: 'Đã bỏ qua đầu ra không phải JSON trên stdout: "banner"', more: 'thêm 2 cảnh báo', scope: 'Cần đăng nhập (quyền truy cập được yêu cầu: notes:write)', failure: 'Việc đăng nhập đã bị từ chối' },
    'zh-CN': { invalid: 'connectTimeoutMs：不能小于 1000', command: 'command：本地服务器需要 "command"', warning: '已忽略 stdout 上的非 JSON 输出："banner"', more: '另外 2 条警告', scope: '需要登录（请求的访问权限：notes:write）', failure: '登录在授权服务器上被拒绝' },
  } as const;
  for (const language of ['vi', 'zh-CN'] as const) {
    it(`translates them in ${language}, with no English left`, async () => {
      await i18next.changeLanguage(language);
      const want = expected[language];
      const invalid = textOf(invalidStatus({ command: 'node', connectTimeoutMs: 5 }));
      expect(invalid).toContain(want.invalid);
      expect(invalid).not.toContain('must be at least');
      cleanup();
      expect(textOf(invalidStatus({ args: ['x'] }))).toContain(want.command);
      cleanup();
      const warnings = textOf(ready);
      expect(warnings).toContain(want.warning);
      expect(warnings).toContain(want.more);
      expect(warnings).not.toContain('Ignored');
      cleanup();
      const auth = textOf(signIn);
      expect(auth).toContain(want.scope);
      expect(auth).toContain(want.failure);
      expect(auth).not.toContain('Sign in required');
    });
  }
});
