// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatSummary, ToolPlanSummary, ToolScope } from '../../../../../../shared/chat.ts';
import { err, ok } from '../../../../../../shared/errors.ts';
import { setBridgeForTests } from '../../../../bridge/index.ts';
import { initI18n } from '../../../../i18n/index.ts';
import { useStore } from '../../../../store/index.ts';
import { fakeBridge } from '../../../common/fakeBridge.ts';
import { TooltipProvider } from '../../../common/Tooltip.tsx';
import { Composer } from '../Composer.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ chatList: [], openChats: {}, chatId: undefined, notices: [], connection: 'connecting' });
});

const summary = (id: string): ChatSummary => ({ id, title: '', titleLocked: false, model: 'claude-test', createdAt: 1, updatedAt: 1, messageCount: 0 });
const plan = (scope: ToolScope): ToolPlanSummary => {
  const inScope = !scope.excludedServers.includes('files');
  return { mode: 'all', loaded: { tools: inScope ? 1 : 0, tokens: inScope ? 80 : 0 }, deferred: 0, servers: [{ serverId: 'files', inScope, tools: [{ toolName: 'read', tokens: 80, inScope }] }], scope };
};

describe('composer on the start page with a tool scope', () => {
  it('stores the scope with the chat its first send creates, and does not send while the scope could not be stored', async () => {
    let attempts = 0;
    const fake = fakeBridge({
      'chats.list': () => ok([]),
      'models.list': () => ok({ models: [{ id: 'claude-test', displayName: 'Claude Test' }], fromApi: false }),
      'chats.toolPlan': ({ scope }) => ok(plan(scope ?? { excludedServers: [], excludedTools: [] })),
      'chats.create': () => ok(summary('new1')),
      'chats.setToolScope': ({ scope }) => (++attempts === 1 ? err('storage_error', 'disk full') : ok({ ...summary('new1'), ...(scope ? { toolScope: scope } : {}) })),
      'chat.send': () => ok({ messageId: 'm1' }),
    });
    setBridgeForTests(fake.bridge);
    useStore.getState().bindChats(fake.bridge, { schedule: (run) => (run(), () => {}) });
    useStore.setState({ connection: 'open' });
    render(
      <TooltipProvider>
        <Composer chatModel={undefined} generating={false} />
      </TooltipProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /1 tool · ~80 tokens/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'files' }));
    await waitFor(() => expect(screen.getByTestId('tool-scope-summary').textContent).toContain('0 tools'));
    await user.keyboard('{Escape}');

    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'hello{Enter}');
    await waitFor(() => expect(useStore.getState().notices.length).toBe(1));
    expect(fake.calls.some((c) => c.name === 'chat.send')).toBe(false);
    expect(box).toHaveProperty('value', 'hello');

    await user.type(box, '{Enter}');
    await waitFor(() => expect(fake.calls.filter((c) => c.name === 'chat.send')).toHaveLength(1));
    expect(fake.calls.filter((c) => c.name === 'chats.create')).toHaveLength(1);
    expect(fake.calls.filter((c) => c.name === 'chats.setToolScope').map((c) => c.params)).toEqual([
      { chatId: 'new1', scope: { excludedServers: ['files'], excludedTools: [] } },
      { chatId: 'new1', scope: { excludedServers: ['files'], excludedTools: [] } },
    ]);
  });
});
