// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { Settings } from '../../../../shared/settings.ts';
import type { ServerView } from '../../../../shared/servers.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { bindFakeSettings } from './fakeSettings.test-support.ts';
import { ToolSearchSection } from './ToolSearchSection.tsx';

const percentLabel = 'Budget: share of the context window (%)';
const countLabel = 'Budget: number of tools';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ settings: undefined, servers: [] });
});

const server = (id: string): ServerView => ({ id, transport: 'stdio', config: { command: 'node', args: [`${id}.js`] }, status: { state: 'disabled' } });

function mount(start: Partial<Settings> = {}, servers: string[] = []) {
  useStore.setState({ servers: servers.map(server) });
  const { patches, saved } = bindFakeSettings(start);
  render(<ToolSearchSection />);
  return { patches, saved };
}

/**
 * Types `text` into a field, leaves it, and checks it was refused: marked invalid with a message naming the field and
 * its range while typed, nothing sent, the old value back and the message still there to say why.
 */
async function refused(label: string, text: string, old: string, range: string, patches: Partial<Settings>[]) {
  const user = userEvent.setup();
  const field = screen.getByRole<HTMLInputElement>('textbox', { name: label });
  await user.clear(field);
  if (text !== '') await user.type(field, text);
  const why = `${label}: ${JSON.stringify(text)}`;
  expect(field.getAttribute('aria-invalid'), why).toBe('true');
  expect(screen.getByRole('alert').textContent, why).toBe(`${label}: Enter a whole number from ${range}`);
  expect(field.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
  await user.tab();
  expect(patches).toEqual([]);
  expect(field.value).toBe(old);
  expect(field.getAttribute('aria-invalid')).toBe('false');
  expect(screen.getByRole('alert').textContent, why).toBe(`${label}: Enter a whole number from ${range}`);
}

describe('Settings → Many tools', () => {
  it('shows the current settings', async () => {
    mount({ toolSearch: 'host', toolBudgetPercent: 25, toolBudgetCount: 120, alwaysLoadServers: ['files'] }, ['docs', 'files']);
    expect(await screen.findByRole('heading', { name: 'Many tools' })).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Tool search' }).value).toBe('host');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: percentLabel }).value).toBe('25');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: countLabel }).value).toBe('120');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'files' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'docs' }).checked).toBe(false);
    // Each budget field says what it does (its hint is its description).
    expect(screen.getByRole('textbox', { name: percentLabel }).getAttribute('aria-describedby')).toBe('st-tool-percent-hint');
    expect(document.getElementById('st-tool-percent-hint')?.textContent).toMatch(/default 10/);
  });

  it('says there are no servers when there are none to always load', async () => {
    mount();
    expect(await screen.findByText('No servers yet.')).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });

  it('saves each search mode as soon as it is chosen', async () => {
    const { patches } = mount();
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Tool search' });
    expect([...select.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual(['auto', 'server', 'host', 'off']);
    for (const mode of ['server', 'host', 'off', 'auto'] as const) {
      await user.selectOptions(select, mode);
      await waitFor(() => expect(useStore.getState().settings?.toolSearch).toBe(mode));
    }
    expect(patches).toEqual([{ toolSearch: 'server' }, { toolSearch: 'host' }, { toolSearch: 'off' }, { toolSearch: 'auto' }]);
  });

  it('saves a valid budget share on blur', async () => {
    const { patches } = mount();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: percentLabel });
    await user.clear(field);
    await user.type(field, '100');
    await user.tab();
    await waitFor(() => expect(useStore.getState().settings?.toolBudgetPercent).toBe(100));
    await user.clear(field);
    await user.type(field, '1');
    await user.tab();
    await waitFor(() => expect(useStore.getState().settings?.toolBudgetPercent).toBe(1));
    expect(patches).toEqual([{ toolBudgetPercent: 100 }, { toolBudgetPercent: 1 }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a budget share outside 1 to 100, or not a whole number, and keeps the old one', async () => {
    const { patches } = mount({ toolBudgetPercent: 15 });
    await screen.findByRole('textbox', { name: percentLabel });
    for (const text of ['0', '101', '1000', '-5', '12.5', 'ten', '1e1x', '', ' ']) await refused(percentLabel, text, '15', '1 to 100', patches);
    expect(useStore.getState().settings?.toolBudgetPercent).toBe(15);
    // Typing again clears the message until the entry is invalid again.
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: percentLabel }), '0');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: percentLabel }).value).toBe('150');
    expect(screen.getByRole('alert').textContent).toContain('1 to 100');
    await user.clear(screen.getByRole('textbox', { name: percentLabel }));
    await user.type(screen.getByRole('textbox', { name: percentLabel }), '50');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves a valid tool count on blur, and nothing when it did not change', async () => {
    const { patches } = mount();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: countLabel });
    await user.click(field);
    await user.tab();
    expect(patches).toEqual([]);
    await user.clear(field);
    await user.type(field, '10000');
    await user.tab();
    await waitFor(() => expect(useStore.getState().settings?.toolBudgetCount).toBe(10_000));
    expect(patches).toEqual([{ toolBudgetCount: 10_000 }]);
  });

  it('refuses a tool count outside 1 to 10,000, or not a whole number, and keeps the old one', async () => {
    const { patches } = mount({ toolBudgetCount: 40 });
    await screen.findByRole('textbox', { name: countLabel });
    for (const text of ['0', '10001', '3.5', 'forty', '']) await refused(countLabel, text, '40', '1 to 10000', patches);
    expect(useStore.getState().settings?.toolBudgetCount).toBe(40);
  });

  it('adds and removes servers whose tools are always loaded, keeping the list sorted', async () => {
    const { patches } = mount({ alwaysLoadServers: ['memory'] }, ['memory', 'docs', 'files']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'files' }));
    await waitFor(() => expect(useStore.getState().settings?.alwaysLoadServers).toEqual(['files', 'memory']));
    await user.click(screen.getByRole('checkbox', { name: 'docs' }));
    await waitFor(() => expect(useStore.getState().settings?.alwaysLoadServers).toEqual(['docs', 'files', 'memory']));
    await user.click(screen.getByRole('checkbox', { name: 'memory' }));
    await waitFor(() => expect(useStore.getState().settings?.alwaysLoadServers).toEqual(['docs', 'files']));
    expect(patches).toEqual([{ alwaysLoadServers: ['files', 'memory'] }, { alwaysLoadServers: ['docs', 'files', 'memory'] }, { alwaysLoadServers: ['docs', 'files'] }]);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'memory' }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'docs' }).checked).toBe(true);
  });

  it('speaks Vietnamese and Chinese', async () => {
    try {
      await i18next.changeLanguage('vi');
      mount({ toolBudgetPercent: 20 });
      expect(await screen.findByRole('heading', { name: 'Nhiều công cụ' })).toBeTruthy();
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Ngân sách: tỷ lệ cửa sổ ngữ cảnh (%)' }).value).toBe('20');
      cleanup();
      await i18next.changeLanguage('zh-CN');
      mount();
      expect(await screen.findByRole('heading', { name: '大量工具' })).toBeTruthy();
      expect(screen.getByRole('option', { name: '关闭：始终发送所有工具' })).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
