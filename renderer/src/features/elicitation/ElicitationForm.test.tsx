// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ElicitationAnswer, ElicitationSchema } from '../../../../shared/elicitation.ts';
import { ok } from '../../../../shared/errors.ts';
import { initI18n } from '../../i18n/index.ts';
import { ElicitationForm } from './ElicitationForm.tsx';

// Every field type the restricted schema allows, shaped like server-everything's own elicitation request.
const schema: ElicitationSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', minLength: 2, maxLength: 20 },
    check: { type: 'boolean', title: 'Agree to terms' },
    firstLine: { type: 'string', title: 'First line', default: 'It was a dark and stormy night.' },
    email: { type: 'string', title: 'Email', format: 'email' },
    homepage: { type: 'string', title: 'Homepage', format: 'uri' },
    birthdate: { type: 'string', title: 'Birthdate', format: 'date' },
    meeting: { type: 'string', title: 'Meeting', format: 'date-time' },
    integer: { type: 'integer', title: 'Favourite integer', minimum: 1, maximum: 100, default: 42 },
    number: { type: 'number', title: 'Favourite number', minimum: 0, maximum: 1000, default: 3.14 },
    friend: { type: 'string', title: 'Friend', enum: ['Monica', 'Rachel', 'Joey'], default: 'Monica' },
    pet: { type: 'string', title: 'Pet', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'], default: 'pet-1' },
    hero: { type: 'string', title: 'Hero', oneOf: [{ const: 'hero-1', title: 'Superman' }, { const: 'hero-3', title: 'Wonder Woman' }], default: 'hero-1' },
    instruments: { type: 'array', title: 'Instruments', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['Guitar', 'Piano', 'Drums'] }, default: ['Guitar'] },
    fish: { type: 'array', title: 'Fish', items: { anyOf: [{ const: 'fish-1', title: 'Tuna' }, { const: 'fish-2', title: 'Salmon' }] } },
  },
  required: ['name', 'email'],
};

function setup() {
  const onAnswer = vi.fn((_answer: ElicitationAnswer) => Promise.resolve(ok(null)));
  const user = userEvent.setup();
  render(<ElicitationForm schema={schema} onAnswer={onAnswer} />);
  return { onAnswer, user };
}

/** The field wrapper of a label, to find the error shown next to that field. */
function fieldOf(label: string | RegExp): HTMLElement {
  const control = screen.getByLabelText(label);
  const wrapper = control.closest<HTMLElement>('[data-field]');
  if (!wrapper) throw new Error(`no field wrapper for ${String(label)}`);
  return wrapper;
}

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('ElicitationForm', () => {
  it('prefills every default, showing titled options by their titles', () => {
    setup();
    expect(screen.getByLabelText(/First line/)).toHaveProperty('value', 'It was a dark and stormy night.');
    expect(screen.getByLabelText(/Favourite integer/)).toHaveProperty('value', '42');
    expect(screen.getByLabelText(/Favourite number/)).toHaveProperty('value', '3.14');
    expect(screen.getByLabelText(/Friend/)).toHaveProperty('value', 'Monica');
    const pet = screen.getByLabelText<HTMLSelectElement>(/Pet/);
    expect(pet.value).toBe('pet-1');
    expect(pet.selectedOptions[0]?.textContent).toBe('Cats');
    const hero = screen.getByLabelText<HTMLSelectElement>(/Hero/);
    expect(hero.selectedOptions[0]?.textContent).toBe('Superman');
    expect(screen.getByRole('checkbox', { name: 'Guitar' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Piano' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Tuna' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Agree to terms' })).toHaveProperty('checked', false);
    // Limits are stated before the user types.
    expect(within(fieldOf(/Favourite integer/)).getByText('from 1 to 100')).toBeTruthy();
  });

  it('blocks Accept and names each problem next to its field', async () => {
    const { onAnswer, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(within(fieldOf(/Full name/)).getByRole('alert').textContent).toBe('This field is required.');
    expect(within(fieldOf(/^Email/)).getByRole('alert').textContent).toBe('This field is required.');
    // The first invalid field gets the focus.
    expect(document.activeElement).toBe(screen.getByLabelText(/Full name/));

    await user.type(screen.getByLabelText(/Full name/), 'A');
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Homepage/), 'example.com');
    const integer = screen.getByLabelText(/Favourite integer/);
    await user.clear(integer);
    await user.type(integer, '4.5');
    const number = screen.getByLabelText(/Favourite number/);
    await user.clear(number);
    await user.type(number, '2000');
    await user.click(screen.getByRole('checkbox', { name: 'Piano' }));
    await user.click(screen.getByRole('checkbox', { name: 'Drums' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(onAnswer).not.toHaveBeenCalled();
    expect(within(fieldOf(/Full name/)).getByRole('alert').textContent).toBe('Use at least 2 characters.');
    expect(within(fieldOf(/^Email/)).getByRole('alert').textContent).toBe('Enter an email address like name@example.com.');
    expect(within(fieldOf(/Homepage/)).getByRole('alert').textContent).toBe('Enter a full address like https://example.com.');
    expect(within(fieldOf(/Favourite integer/)).getByRole('alert').textContent).toBe('Enter a whole number.');
    expect(within(fieldOf(/Favourite number/)).getByRole('alert').textContent).toBe('Must be 1000 or less.');
    expect(screen.getByText('Choose at most 2.')).toBeTruthy();
  });

  it('refuses a number the browser cannot read instead of sending the field empty', async () => {
    const { onAnswer, user } = setup();
    await user.type(screen.getByLabelText(/Full name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.org');
    const number = screen.getByLabelText(/Favourite number/);
    await user.clear(number);
    await user.type(number, '1e');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(within(fieldOf(/Favourite number/)).getByRole('alert').textContent).toBe('Enter a number.');
    expect(screen.getByLabelText<HTMLInputElement>(/Favourite number/).value).toBe('1e');
  });

  it('refuses a date the browser holds only partly typed, instead of sending the field empty', async () => {
    const { onAnswer, user } = setup();
    await user.type(screen.getByLabelText(/Full name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.org');
    // A browser's date input reports half-typed dates ("12/__/2024") as an empty value flagged badInput.
    const birthdate = screen.getByLabelText<HTMLInputElement>(/Birthdate/);
    Object.defineProperty(birthdate, 'validity', { value: { ...birthdate.validity, badInput: true } });
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(within(fieldOf(/Birthdate/)).getByRole('alert').textContent).toBe('Enter a date.');
    expect(document.activeElement).toBe(birthdate);
  });

  it('clears an error as soon as the field is fixed', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(within(fieldOf(/Full name/)).queryByRole('alert')).not.toBeNull();
    await user.type(screen.getByLabelText(/Full name/), 'Ada');
    expect(within(fieldOf(/Full name/)).queryByRole('alert')).toBeNull();
  });

  it('sends typed values: numbers as numbers, ISO date-times, chosen option values, empty optional fields left out', async () => {
    const { onAnswer, user } = setup();
    await user.type(screen.getByLabelText(/Full name/), 'Ada Lovelace');
    await user.click(screen.getByRole('checkbox', { name: 'Agree to terms' }));
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.org');
    await user.type(screen.getByLabelText(/Homepage/), 'https://ada.example.org');
    await user.type(screen.getByLabelText(/Birthdate/), '1815-12-10');
    await user.type(screen.getByLabelText(/Meeting/), '2026-03-01T09:30');
    const integer = screen.getByLabelText(/Favourite integer/);
    await user.clear(integer);
    await user.type(integer, '7');
    await user.selectOptions(screen.getByLabelText(/Friend/), 'Joey');
    await user.selectOptions(screen.getByLabelText(/Pet/), 'Dogs');
    await user.selectOptions(screen.getByLabelText(/Hero/), 'Wonder Woman');
    await user.click(screen.getByRole('checkbox', { name: 'Piano' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]?.[0]).toEqual({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        firstLine: 'It was a dark and stormy night.',
        email: 'ada@example.org',
        homepage: 'https://ada.example.org',
        birthdate: '1815-12-10',
        meeting: new Date('2026-03-01T09:30').toISOString(),
        integer: 7,
        number: 3.14,
        friend: 'Joey',
        pet: 'pet-2',
        hero: 'hero-3',
        instruments: ['Guitar', 'Piano'],
      },
    });
  });

  it('sends decline and cancel without content', async () => {
    const { onAnswer, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onAnswer.mock.calls.map((c) => c[0])).toEqual([{ action: 'decline' }, { action: 'cancel' }]);
  });

  it('keeps the form and shows the reason when the host refuses the answer', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn(() => Promise.resolve({ ok: false as const, error: { code: 'not_found' as const, message: 'No longer pending' } }));
    render(<ElicitationForm schema={{ type: 'object', properties: {} }} onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAnswer).toHaveBeenCalledWith({ action: 'accept', content: {} });
    expect(screen.getByRole('alert').textContent).toContain('No longer pending');
  });
});
