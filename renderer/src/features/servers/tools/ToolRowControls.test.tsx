// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { ok } from '../../../../../shared/errors.ts';
import type { ExposedTool, ServerView } from '../../../../../shared/servers.ts';
import { initI18n } from '../../../i18n/index.ts';
import { useStore } from '../../../store/index.ts';
import { groupTools } from '../../../store/toolsDelta.ts';
import { fakeBridge } from '../../common/fakeBridge.ts';
import { ToolList } from '../ToolList.tsx';

const server: ServerView = { id: 'helpers', config: { command: 'node' }, status: { state: 'disabled' }, transport: 'stdio' };
const tool = (overrides: Partial<ExposedTool>): ExposedTool => ({
  exposedName: `helpers__${overrides.toolName ?? 'format'}`, serverId: 'helpers', toolName: 'format', inputSchema: {}, enabled: true, approval: 'ask', ...overrides,
});

beforeAll(() => {
  initI18n('en');
});
afterEach(async () => {
  cleanup();
  useStore.setState({ toolsByServer: groupTools([]) });
  await i18next.changeLanguage('en');
});

describe('tool row controls', () => {
  it('the enable switch is a native checkbox announced as a switch, and toggles the tool on the host', async () => {
    const format = tool({});
    const fake = fakeBridge({
      'tools.list': () => ok([format]),
      'servers.list': () => ok([]),
      'tools.setEnabled': (p) => ok([{ ...format, enabled: p.enabled }]),
    });
    useStore.getState().bindServers(fake.bridge);
    render(<ToolList server={server} />);
    const row = await screen.findByTestId('tool-row');
    const toggle = within(row).getByRole('switch', { name: 'Enable the tool format', checked: true });
    // Native: no Radix button and hidden input mounted per row.
    expect(toggle.tagName).toBe('INPUT');
    expect(toggle.getAttribute('type')).toBe('checkbox');
    await userEvent.setup().click(toggle);
    expect(fake.calls.filter((c) => c.name === 'tools.setEnabled').map((c) => c.params)).toEqual([{ serverId: 'helpers', toolName: 'format', enabled: false }]);
    await waitFor(() => expect(within(screen.getByTestId('tool-row')).getByRole('switch', { name: 'Enable the tool format' })).toHaveProperty('checked', false));
    // Space toggles it from the keyboard, as a switch must.
    within(screen.getByTestId('tool-row')).getByRole('switch').focus();
    await userEvent.setup().keyboard(' ');
    expect(fake.calls.filter((c) => c.name === 'tools.setEnabled').map((c) => c.params)).toContainEqual({ serverId: 'helpers', toolName: 'format', enabled: true });
  });

  it('the approval select sets the policy on the host, and a refusal is reported', async () => {
    const format = tool({});
    const fake = fakeBridge({
      'tools.list': () => ok([format]),
      'servers.list': () => ok([]),
      'tools.setApproval': (p) => ok([{ ...format, approval: p.policy }]),
    });
    useStore.getState().bindServers(fake.bridge);
    render(<ToolList server={server} />);
    const row = await screen.findByTestId('tool-row');
    await userEvent.setup().selectOptions(within(row).getByRole('combobox', { name: 'Approval for format' }), 'deny');
    expect(fake.calls.filter((c) => c.name === 'tools.setApproval').map((c) => c.params)).toEqual([{ serverId: 'helpers', toolName: 'format', policy: 'deny' }]);
    await waitFor(() => expect(within(screen.getByTestId('tool-row')).getByRole<HTMLSelectElement>('combobox').value).toBe('deny'));
  });

  it('names each control in the app language, the names resolved once per list (vi, zh-CN)', async () => {
    useStore.setState({ toolsByServer: groupTools([tool({ toolName: 'đọc_tệp', annotations: { readOnlyHint: true }, description: 'x'.repeat(200) })]) });
    render(<ToolList server={server} />);
    for (const language of ['vi', 'zh-CN']) {
      await act(() => i18next.changeLanguage(language));
      const row = screen.getByTestId('tool-row');
      const t = i18next.getFixedT(language, 'servers');
      expect(t('tools.enable', { name: 'đọc_tệp' })).not.toBe(i18next.getFixedT('en', 'servers')('tools.enable', { name: 'đọc_tệp' }));
      expect(within(row).getByRole('switch', { name: t('tools.enable', { name: 'đọc_tệp' }) })).toBeTruthy();
      expect(within(row).getByRole('combobox', { name: t('tools.policyFor', { name: 'đọc_tệp' }) })).toBeTruthy();
      expect(within(row).getByRole('option', { name: t('tools.policy.always_allow') })).toBeTruthy();
      expect(within(row).getByRole('button', { name: t('tools.showMore') })).toBeTruthy();
      expect(within(row).getByText(t('tools.readOnly'))).toBeTruthy();
    }
  });
});
