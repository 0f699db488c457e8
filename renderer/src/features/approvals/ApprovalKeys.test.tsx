// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingApproval } from '../../../../shared/chat.ts';
import { ok } from '../../../../shared/errors.ts';
import { initI18n } from '../../i18n/index.ts';
import { focusApproval } from '../attention/focusTargets.ts';
import { ApprovalCard } from './ApprovalCard.tsx';

const approval: PendingApproval = {
  id: 'ap1', chatId: 'c', toolCallId: 't', serverId: 'helpers', toolName: 'format', exposedName: 'helpers__format', title: 'Format date', input: {}, destructive: false, readOnly: false, createdAt: 0,
};

beforeAll(() => {
  initI18n('en');
  // jsdom does no layout: scrolling the card into view is a no-op here.
  Element.prototype.scrollIntoView = () => {};
});
afterEach(cleanup);

function Harness({ onAnswer, shown }: { onAnswer: Parameters<typeof ApprovalCard>[0]['onAnswer']; shown: boolean }) {
  return (
    <>
      <textarea className="chat-composer-input" aria-label="Message" />
      {shown ? <ApprovalCard approval={approval} onAnswer={onAnswer} /> : null}
    </>
  );
}

describe('approval card keys', () => {
  it.each([
    ['o', 'allow_once'],
    ['a', 'always_allow'],
    ['d', 'deny'],
  ])('answers with %s once focus is on the card (reached in one call), then gives focus back to the composer', async (key, decision) => {
    const onAnswer = vi.fn(() => Promise.resolve(ok(null)));
    const view = render(<Harness onAnswer={onAnswer} shown />);
    const composer = screen.getByRole('textbox', { name: 'Message' });
    composer.focus();
    expect(focusApproval()).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Approval for Format date' }));
    await userEvent.setup().keyboard(key);
    expect(onAnswer).toHaveBeenCalledWith('ap1', decision);
    view.rerender(<Harness onAnswer={onAnswer} shown={false} />);
    await waitFor(() => expect(document.activeElement).toBe(composer));
  });

  it('ignores the keys while a modifier is held', async () => {
    const onAnswer = vi.fn(() => Promise.resolve(ok(null)));
    render(<Harness onAnswer={onAnswer} shown />);
    focusApproval();
    await userEvent.setup().keyboard('{Control>}d{/Control}');
    expect(onAnswer).not.toHaveBeenCalled();
  });
});
