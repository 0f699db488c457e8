// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../../../i18n/index.ts';
import { PairsEditor } from './PairsEditor.tsx';
import { configFromForm, emptyForm, formFromConfig, type Pair } from './serverForm.ts';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('a value kept in the secret store', () => {
  it('says so, and Replace clears the mask so the user types a new value', async () => {
    const form = formFromConfig('s', { command: 'npx', env: { API_KEY: '••••••••', MODE: 'x' }, secretEnv: ['API_KEY'] });
    expect(form.env).toEqual([{ key: 'API_KEY', value: '••••••••', stored: true }, { key: 'MODE', value: 'x' }]);
    const onChange = vi.fn<(pairs: Pair[]) => void>();
    render(<PairsEditor field="env" pairs={form.env} onChange={onChange} errors={{}} />);
    expect(screen.getAllByText(/Stored in the secret store/)).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Replace the stored value of API_KEY' }));
    expect(onChange).toHaveBeenCalledWith([{ key: 'API_KEY', value: '', stored: true }, { key: 'MODE', value: 'x' }]);
  });

  it('saves as secretEnv (the host stores the value) and stays out of it once made public', () => {
    const form = { ...emptyForm(), name: 's', command: 'npx', env: [{ key: 'API_KEY', value: 'new', stored: true }] };
    expect(configFromForm(form)).toMatchObject({ env: { API_KEY: 'new' }, secretEnv: ['API_KEY'] });
    expect(configFromForm({ ...form, env: [{ key: 'API_KEY', value: 'new', stored: true, public: true }] })).not.toHaveProperty('secretEnv');
  });
});
