// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

/** A trigger that may disappear while its dialog is open (a chat row deleted from its own menu). */
function Screen({ dropTrigger }: { dropTrigger: boolean }) {
  const [open, setOpen] = useState(false);
  const [triggerShown, setTriggerShown] = useState(true);
  return (
    <>
      <textarea className="chat-composer-input" aria-label="Message" />
      {triggerShown ? (
        <button type="button" onClick={() => setOpen(true)}>
          Delete chat
        </button>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete?"
        description="Gone for good."
        confirmLabel="Delete"
        onConfirm={() => {
          if (dropTrigger) setTriggerShown(false);
          return Promise.resolve(true);
        }}
      />
    </>
  );
}

describe('dialog focus return', () => {
  it('gives focus back to the trigger after Cancel', async () => {
    const user = userEvent.setup();
    render(<Screen dropTrigger={false} />);
    const trigger = screen.getByRole('button', { name: 'Delete chat' });
    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('gives focus to the composer when the trigger went away with the dialog', async () => {
    const user = userEvent.setup();
    render(<Screen dropTrigger />);
    await user.click(screen.getByRole('button', { name: 'Delete chat' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
  });
});
