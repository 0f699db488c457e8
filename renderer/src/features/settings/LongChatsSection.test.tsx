// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { bindFakeSettings } from './fakeSettings.test-support.ts';
import { LongChatsSection } from './LongChatsSection.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ settings: undefined });
});

function mount() {
  const { patches } = bindFakeSettings();
  render(<LongChatsSection />);
  return patches;
}

describe('long chats and many servers settings', () => {
  it('saves who keeps long chats in the window as soon as it is chosen', async () => {
    const patches = mount();
    const select = await screen.findByLabelText("Keeping long chats within the model's window");
    await userEvent.setup().selectOptions(select, 'host');
    await waitFor(() => expect(useStore.getState().settings?.contextManagement).toBe('host'));
    expect(patches).toEqual([{ contextManagement: 'host' }]);
  });

  it('saves a valid context window on blur and never sends an invalid one', async () => {
    const patches = mount();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Model context window (tokens)');
    await user.clear(field);
    await user.type(field, '12.5');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.tab();
    expect(patches).toEqual([]);
    expect((field as HTMLInputElement).value).toBe('0');
    await user.clear(field);
    await user.type(field, '1000000');
    await user.tab();
    await waitFor(() => expect(useStore.getState().settings?.contextWindow).toBe(1_000_000));
  });

  it('keeps the concurrent starts within 0 to 64', async () => {
    const patches = mount();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Servers starting at once');
    await user.clear(field);
    await user.type(field, '65');
    await user.tab();
    expect(patches).toEqual([]);
    await user.clear(field);
    await user.type(field, '4');
    await user.tab();
    await waitFor(() => expect(useStore.getState().settings?.maxConcurrentStarts).toBe(4));
  });
});
