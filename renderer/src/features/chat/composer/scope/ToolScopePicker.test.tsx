// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ChatSummary, ToolPlanSummary, ToolScope } from '../../../../../../shared/chat.ts';
import { hostErr, ok } from '../../../../../../shared/errors.ts';
import { hostMessage } from '../../../../../../shared/hostMessages.ts';
import { setBridgeForTests } from '../../../../bridge/index.ts';
import { initI18n } from '../../../../i18n/index.ts';
import { fakeBridge } from '../../../common/fakeBridge.ts';
import { useStore } from '../../../../store/index.ts';
import { defaultSettings, type SettingsView } from '../../../../../../shared/settings.ts';
import { ToolScopePicker } from './ToolScopePicker.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ settings: undefined });
});

// Two servers: files (3 tools of 100 tokens) and notes (2 tools of 50 tokens); the plan counts what is in scope.
const catalog = { files: ['read', 'write', 'list'], notes: ['add', 'find'] } as const;
const tokensOf = (serverId: string) => (serverId === 'files' ? 100 : 50);
function planFor(scope: ToolScope): ToolPlanSummary {
  const servers = Object.entries(catalog).map(([serverId, tools]) => ({
    serverId,
    inScope: !scope.excludedServers.includes(serverId),
    tools: tools.map((toolName) => ({ toolName, tokens: tokensOf(serverId), inScope: !scope.excludedServers.includes(serverId) && !scope.excludedTools.some((t) => t.serverId === serverId && t.toolName === toolName) })),
  }));
  const sent = servers.flatMap((s) => s.tools.filter((t) => t.inScope));
  return { mode: 'all', loaded: { tools: sent.length, tokens: sent.reduce((sum, t) => sum + t.tokens, 0) }, deferred: 0, servers, scope };
}

function chatBridge() {
  let stored: ToolScope = { excludedServers: [], excludedTools: [] };
  const fake = fakeBridge({
    'chats.toolPlan': ({ scope }) => ok(planFor(scope ?? stored)),
    'chats.setToolScope': ({ scope }) => {
      stored = scope ?? { excludedServers: [], excludedTools: [] };
      return ok({ id: 'c1', title: 't', titleLocked: false, model: 'm', createdAt: 1, updatedAt: 1, messageCount: 0, toolScope: stored } satisfies ChatSummary);
    },
  });
  setBridgeForTests(fake.bridge);
  return fake;
}

describe('ToolScopePicker', () => {
  it('shows the count and token size the next request sends, and stores a server left out with the chat', async () => {
    const fake = chatBridge();
    render(<ToolScopePicker chatId="c1" />);
    fireEvent.click(await screen.findByRole('button', { name: /5 tools · ~400 tokens/ }));
    expect((await screen.findByTestId('tool-scope-summary')).textContent).toContain('The next request sends 5 tools (~400 tokens).');

    fireEvent.click(screen.getByRole('checkbox', { name: 'files' }));
    await waitFor(() => expect(screen.getByTestId('tool-scope-summary').textContent).toContain('2 tools (~100 tokens)'));
    expect(fake.calls.find((c) => c.name === 'chats.setToolScope')?.params).toEqual({ chatId: 'c1', scope: { excludedServers: ['files'], excludedTools: [] } });
    // The chip behind the open dialog follows too.
    expect(screen.getByRole('button', { name: /2 tools · ~100 tokens/, hidden: true })).toBeTruthy();
  });

  it('leaves out a single tool of a server', async () => {
    const fake = chatBridge();
    render(<ToolScopePicker chatId="c1" />);
    fireEvent.click(await screen.findByRole('button', { name: /5 tools/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show the tools of notes' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'find' }));
    await waitFor(() => expect(screen.getByTestId('tool-scope-summary').textContent).toContain('4 tools (~350 tokens)'));
    expect(fake.calls.find((c) => c.name === 'chats.setToolScope')?.params).toEqual({ chatId: 'c1', scope: { excludedServers: [], excludedTools: [{ serverId: 'notes', toolName: 'find' }] } });
    // The server's line counts what is left of it, not its tools against the tokens of only some of them.
    const dialog = screen.getByTestId('tool-scope-dialog');
    expect(dialog.textContent).toContain('1 of 2 tools · ~50 tokens');
    expect(dialog.textContent).toContain('3 tools · ~300 tokens');
    fireEvent.click(screen.getByRole('checkbox', { name: 'files' }));
    await waitFor(() => expect(dialog.textContent).toContain('0 of 3 tools · ~0 tokens'));
  });

  it('on the start page, hands the scope to the composer instead of storing it (the chat does not exist yet)', async () => {
    const fake = chatBridge();
    const onScopeChange = vi.fn();
    render(<ToolScopePicker onScopeChange={onScopeChange} />);
    fireEvent.click(await screen.findByRole('button', { name: /5 tools/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'notes' }));
    expect(onScopeChange).toHaveBeenCalledWith({ excludedServers: ['notes'], excludedTools: [] });
    expect(fake.calls.some((c) => c.name === 'chats.setToolScope')).toBe(false);
  });

  it('pins a tool and marks a server always loaded in the app settings', async () => {
    const view: SettingsView = { ...defaultSettings, hasApiKey: true, secretStorage: 'file' };
    useStore.setState({ settings: view });
    let saved: unknown;
    const fake = fakeBridge({
      'chats.toolPlan': ({ scope }) => ok(planFor(scope ?? { excludedServers: [], excludedTools: [] })),
      'settings.get': () => ok(view),
      'settings.update': (patch) => {
        saved = patch;
        return ok({ ...view, ...patch });
      },
    });
    setBridgeForTests(fake.bridge);
    // The store saves settings through its own bridge binding.
    useStore.getState().bindSettings(fake.bridge);
    render(<ToolScopePicker chatId="c1" />);
    fireEvent.click(await screen.findByRole('button', { name: /5 tools/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show the tools of files' }));
    fireEvent.click(screen.getByRole('button', { name: 'Always load read (pin)' }));
    await waitFor(() => expect(saved).toEqual({ pinnedTools: [{ serverId: 'files', toolName: 'read' }] }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Always load read (pin)' }).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Always load' })[1]!);
    await waitFor(() => expect(saved).toEqual({ alwaysLoadServers: ['notes'] }));
  });

  it('follows servers starting: the chip is asked again after the tools change, once for a burst of changes', async () => {
    let ready = 1;
    const fake = fakeBridge({
      'chats.toolPlan': () => {
        const tools = Array.from({ length: ready }, (_, i) => ({ toolName: `t${i}`, tokens: 100, inScope: true }));
        return ok({ mode: 'all', loaded: { tools: ready, tokens: 100 * ready }, deferred: 0, servers: [{ serverId: 's', inScope: true, tools }], scope: { excludedServers: [], excludedTools: [] } });
      },
    });
    setBridgeForTests(fake.bridge);
    render(<ToolScopePicker chatId="c1" />);
    await screen.findByRole('button', { name: /1 tools? · ~100 tokens/ });
    const asked = () => fake.calls.filter((c) => c.name === 'chats.toolPlan').length;
    const before = asked();
    // Servers becoming ready one by one, each a change of the store's tool list, within one interval.
    for (ready = 2; ready <= 5; ready++) act(() => useStore.setState({ toolsByServer: { s: [] } }));
    ready = 5;
    await screen.findByRole('button', { name: /5 tools · ~500 tokens/ });
    expect(asked() - before).toBe(1);
  });

  it("says the host's refusal in the user's language (a chat deleted meanwhile)", async () => {
    setBridgeForTests(fakeBridge({ 'chats.toolPlan': () => hostErr('not_found', hostMessage('scope.chatGone')) }).bridge);
    await i18next.changeLanguage('zh-CN');
    try {
      render(<ToolScopePicker chatId="gone" />);
      fireEvent.click(screen.getByRole('button'));
      const dialog = await screen.findByTestId('tool-scope-dialog');
      await waitFor(() => expect(dialog.textContent).toContain('此对话已不存在。'));
      expect(dialog.textContent).not.toContain('This chat no longer exists.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
