// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ElicitationSchema } from '../../../../shared/elicitation.ts';
import { ok } from '../../../../shared/errors.ts';
import { initI18n } from '../../i18n/index.ts';
import { ElicitationForm } from './ElicitationForm.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const schema: ElicitationSchema = {
  type: 'object',
  properties: { first: { type: 'string', title: 'First name' }, last: { type: 'string', title: 'Last name' } },
  required: ['first', 'last'],
};

describe('Enter in an elicitation form', () => {
  it('moves from a one-line field to the next instead of sending the form; in the last field it sends', async () => {
    const onAnswer = vi.fn(() => Promise.resolve(ok(null)));
    const user = userEvent.setup();
    render(<ElicitationForm schema={schema} onAnswer={onAnswer} />);
    await user.click(screen.getByLabelText(/First name/));
    await user.keyboard('Ada{Enter}');
    expect(onAnswer).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText(/Last name/));
    await user.keyboard('Lovelace{Enter}');
    expect(onAnswer).toHaveBeenCalledWith({ action: 'accept', content: { first: 'Ada', last: 'Lovelace' } });
  });
});
