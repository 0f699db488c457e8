// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings, type SettingsView } from '../../../../shared/settings.ts';
import { ok } from '../../../../shared/errors.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { fakeBridge } from '../common/fakeBridge.ts';
import { AppearanceSection } from './AppearanceSection.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ settings: undefined });
});

describe('theme choice', () => {
  it('is one stop for Tab, and the arrow keys move the choice, as in any radio group', async () => {
    let settings: SettingsView = { ...defaultSettings, theme: 'light', hasApiKey: true, secretStorage: 'file' };
    const fake = fakeBridge({
      'settings.get': () => ok(settings),
      'app.info': () => ok({ version: '0', mode: 'web', dataDir: '/tmp', platform: 'linux', notices: [] }),
      'settings.update': (patch) => ok((settings = { ...settings, ...patch })),
    });
    useStore.getState().bindSettings(fake.bridge);
    render(<AppearanceSection />);
    const light = await screen.findByRole('radio', { name: 'Light' });
    expect(light.tabIndex).toBe(0);
    expect(screen.getByRole('radio', { name: 'Dark' }).tabIndex).toBe(-1);

    const user = userEvent.setup();
    light.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(useStore.getState().settings?.theme).toBe('dark'));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(useStore.getState().settings?.theme).toBe('system'));
  });
});
