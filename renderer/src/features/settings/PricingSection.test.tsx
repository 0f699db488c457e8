// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings, type SettingsView } from '../../../../shared/settings.ts';
import { ok } from '../../../../shared/errors.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { fakeBridge } from '../common/fakeBridge.ts';
import { PricingSection } from './PricingSection.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ settings: undefined });
});

function bind(): { saved: () => SettingsView } {
  let settings: SettingsView = { ...defaultSettings, model: 'gw/llama-70b', hasApiKey: true, secretStorage: 'file' };
  const fake = fakeBridge({
    'settings.get': () => ok(settings),
    'app.info': () => ok({ version: '0', mode: 'web', dataDir: '/tmp', platform: 'linux', notices: [] }),
    'settings.update': (patch) => ok((settings = { ...settings, ...patch })),
  });
  useStore.getState().bindSettings(fake.bridge);
  return { saved: () => settings };
}

describe('Prices in Settings', () => {
  it('sets a price for a gateway model, then removes it', async () => {
    const { saved } = bind();
    render(<PricingSection />);
    const user = userEvent.setup();
    expect(await screen.findByText(/No prices of your own/)).toBeTruthy();
    // The current model is offered; a gateway model has no built-in price, so the fields start empty.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Model ID' }).value).toBe('gw/llama-70b');
    await user.type(screen.getByRole('textbox', { name: 'Input' }), '0.5');
    await user.type(screen.getByRole('textbox', { name: 'Output' }), '1.5');
    await user.click(screen.getByRole('button', { name: 'Set price' }));
    expect(screen.getByRole('alert').textContent).toMatch(/number from 0 to 10,000/);
    await user.type(screen.getByRole('textbox', { name: 'Cache write' }), '0');
    await user.type(screen.getByRole('textbox', { name: 'Cache read' }), '0.05');
    await user.click(screen.getByRole('button', { name: 'Set price' }));
    await waitFor(() => expect(saved().modelPrices).toEqual({ 'gw/llama-70b': { input: 0.5, output: 1.5, cacheWrite: 0, cacheRead: 0.05 } }));
    expect(await screen.findByRole('cell', { name: 'gw/llama-70b' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove the price for gw/llama-70b' }));
    await waitFor(() => expect(saved().modelPrices).toEqual({}));
  });

  it('starts from the built-in price of a known model and refuses a negative price', async () => {
    const { saved } = bind();
    render(<PricingSection />);
    const user = userEvent.setup();
    const model = await screen.findByRole('textbox', { name: 'Model ID' });
    await user.clear(model);
    await user.type(model, 'claude-sonnet-4-6');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Input' }).value).toBe('3');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Cache write' }).value).toBe('3.75');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Cache read' }).value).toBe('0.3');
    const output = screen.getByRole('textbox', { name: 'Output' });
    await user.clear(output);
    await user.type(output, '-1');
    await user.click(screen.getByRole('button', { name: 'Set price' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(saved().modelPrices).toEqual({});
  });
});
