// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CompletionParams } from '../../../../../../shared/completions.ts';
import type { PromptInfo, ServerView } from '../../../../../../shared/servers.ts';
import { ok } from '../../../../../../shared/errors.ts';
import { setBridgeForTests } from '../../../../bridge/index.ts';
import { initI18n } from '../../../../i18n/index.ts';
import { useStore } from '../../../../store/index.ts';
import { fakeBridge } from '../../../common/fakeBridge.ts';
import { PromptArgsDialog } from '../PromptPicker.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ servers: [] });
});

const server = (completions: boolean): ServerView => ({
  id: 'everything',
  transport: 'stdio',
  config: { command: 'node', args: ['e.js'] },
  status: {
    state: 'ready', since: 1, era: 'legacy', protocolVersion: '2025-11-25', serverName: 'everything', serverVersion: '1',
    capabilities: { tools: true, resources: false, prompts: true, logging: false, completions, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
    counts: { tools: 0, resources: 0, prompts: 1 }, warnings: [],
  },
});

const prompt: PromptInfo = { serverId: 'everything', name: 'completable-prompt', arguments: [{ name: 'department', required: true }, { name: 'name', required: true }] };

describe('prompt argument suggestions', () => {
  it('shows the server\'s suggestions for what was typed, with the total, and passes the other arguments as context', async () => {
    const fake = fakeBridge({
      'completions.complete': (params: CompletionParams) =>
        ok(params.argument.name === 'department' ? { values: ['Sales', 'Support'], total: 5, hasMore: true } : { values: ['Alice'], hasMore: false }),
    });
    setBridgeForTests(fake.bridge);
    useStore.setState({ servers: [server(true)] });
    render(<PromptArgsDialog prompt={prompt} onClose={() => {}} onSubmit={() => Promise.resolve(undefined)} />);
    // With suggestions the field is a combobox (an input tied to a datalist).
    const [department, name] = screen.getAllByRole('combobox');
    fireEvent.change(department!, { target: { value: 'S' } });
    await waitFor(() => expect(screen.getByTestId('completions-department').querySelectorAll('option')).toHaveLength(2));
    const options = [...screen.getByTestId('completions-department').querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual(['Sales', 'Support']);
    expect(screen.getByTestId('completions-hint-department').textContent).toBe('2 of 5 suggestions');
    // Debounced: the last value typed is what the server was asked about.
    expect(fake.calls.filter((c) => c.name === 'completions.complete' && (c.params as CompletionParams).argument.name === 'department').map((c) => c.params)).toEqual([{ serverId: 'everything', ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'S' } }]);

    fireEvent.change(department!, { target: { value: 'Sales' } });
    fireEvent.change(name!, { target: { value: '' } });
    await waitFor(() => expect(fake.calls.some((c) => c.name === 'completions.complete' && (c.params as CompletionParams).context?.department === 'Sales')).toBe(true));
  });

  it('never asks a server that does not declare completions', async () => {
    const fake = fakeBridge({ 'completions.complete': () => ok({ values: ['x'], hasMore: false }) });
    setBridgeForTests(fake.bridge);
    useStore.setState({ servers: [server(false)] });
    render(<PromptArgsDialog prompt={prompt} onClose={() => {}} onSubmit={() => Promise.resolve(undefined)} />);
    fireEvent.change(screen.getAllByRole('textbox')[0]!, { target: { value: 'S' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fake.calls.filter((c) => c.name === 'completions.complete')).toHaveLength(0);
    expect(screen.queryByTestId('completions-department')).toBeNull();
  });
});
