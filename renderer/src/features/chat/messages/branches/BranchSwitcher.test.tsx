// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '../../../../../../shared/chat.ts';
import { ok } from '../../../../../../shared/errors.ts';
import { initI18n } from '../../../../i18n/index.ts';
import { useStore } from '../../../../store/index.ts';
import { BranchSwitcher } from './BranchSwitcher.tsx';
import { RegenerateButton } from './BranchActions.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const message = (id: string, siblings?: string[]): ChatMessage => ({
  id, chatId: 'c', role: 'assistant', blocks: [{ type: 'text', text: id }], status: 'complete', createdAt: 1, updatedAt: 1, ...(siblings ? { siblings } : {}),
});

describe('BranchSwitcher', () => {
  it('names its buttons and the position, and asks the host for the version chosen', async () => {
    const switchBranch = vi.fn(() => Promise.resolve(ok(null)));
    useStore.setState({ switchBranch });
    render(<BranchSwitcher message={message('b', ['a', 'b', 'c'])} disabled={false} />);
    const group = screen.getByRole('group', { name: 'Version 2 of 3' });
    expect(group.textContent).toContain('2/3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(switchBranch).toHaveBeenLastCalledWith('c', 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Next version' }));
    expect(switchBranch).toHaveBeenLastCalledWith('c', 'c');
  });

  it('is absent for a message with one version, and its ends are disabled', () => {
    const { container } = render(<BranchSwitcher message={message('only')} disabled={false} />);
    expect(container.textContent).toBe('');
    render(<BranchSwitcher message={message('a', ['a', 'b'])} disabled={false} />);
    expect(screen.getByRole('button', { name: 'Previous version' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next version' })).toHaveProperty('disabled', false);
  });

  it('waits while the chat is answering', () => {
    render(<BranchSwitcher message={message('a', ['a', 'b'])} disabled />);
    expect(screen.getByRole('button', { name: 'Next version' })).toHaveProperty('disabled', true);
  });
});

describe('RegenerateButton', () => {
  it('sends one request however fast it is clicked', async () => {
    let answer: () => void = () => {};
    const regenerateMessage = vi.fn(() => new Promise<ReturnType<typeof ok<{ messageId: string }>>>((resolve) => (answer = () => resolve(ok({ messageId: 'n' })))));
    useStore.setState({ regenerateMessage });
    render(<RegenerateButton chatId="c" replyId="r" disabled={false} labelled />);
    await userEvent.dblClick(screen.getByRole('button', { name: 'Retry' }));
    expect(regenerateMessage).toHaveBeenCalledTimes(1);
    answer();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toHaveProperty('disabled', false));
  });
});
