// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ResourceInfo, ServerView } from '../../../../../shared/servers.ts';
import { err, ok } from '../../../../../shared/errors.ts';
import { setBridgeForTests } from '../../../bridge/index.ts';
import { initI18n } from '../../../i18n/index.ts';
import { useStore } from '../../../store/index.ts';
import { fakeBridge } from '../../common/fakeBridge.ts';
import { AttachDialog } from './AttachDialog.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ servers: [] });
});

const docs: ServerView = {
  id: 'docs',
  transport: 'stdio',
  config: { command: 'node', args: ['docs.js'] },
  status: {
    state: 'ready',
    since: 1,
    era: 'modern',
    protocolVersion: '2026-07-28',
    serverName: 'docs',
    serverVersion: '1.0.0',
    capabilities: { tools: true, resources: true, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: true, prompts: false }, subscribe: false },
    counts: { tools: 0, resources: 1, prompts: 0 },
    warnings: [],
  },
};

describe('AttachDialog', () => {
  it('asks the server again each time it opens, so a failed or changed list is not kept', async () => {
    let answer = err<{ resources: ResourceInfo[] }>('server_not_ready', 'docs is restarting');
    const fake = fakeBridge({ 'resources.list': () => answer, 'resources.templates': () => ok([]) });
    setBridgeForTests(fake.bridge);
    useStore.setState({ servers: [docs] });
    const props = { onOpenChange: vi.fn(), onPick: vi.fn() };
    const { rerender } = render(<AttachDialog open {...props} />);
    await screen.findByText('docs is restarting');

    rerender(<AttachDialog open={false} {...props} />);
    answer = ok({ resources: [{ serverId: 'docs', uri: 'docs://guide', name: 'Guide' }] });
    rerender(<AttachDialog open {...props} />);
    await screen.findByText('Guide');
    expect(fake.calls.filter((c) => c.name === 'resources.list')).toHaveLength(2);
  });

  it('suggests values for a template variable from a server that declares completions, with the template as ref', async () => {
    const fake = fakeBridge({
      'resources.list': () => ok({ resources: [] }),
      'resources.templates': () => ok([{ serverId: 'docs', uriTemplate: 'docs://page/{slug}', name: 'Page' }]),
      'completions.complete': () => ok({ values: ['intro', 'install'], hasMore: true }),
    });
    setBridgeForTests(fake.bridge);
    useStore.setState({ servers: [{ ...docs, status: docs.status.state === 'ready' ? { ...docs.status, capabilities: { ...docs.status.capabilities, completions: true } } : docs.status }] });
    render(<AttachDialog open onOpenChange={vi.fn()} onPick={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /Page/ }));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'in' } });
    await waitFor(() => expect(screen.getByTestId('completions-slug').querySelectorAll('option')).toHaveLength(2));
    expect(screen.getByTestId('completions-hint-slug').textContent).toBe('2 suggestions, more available: keep typing');
    expect(fake.calls.find((c) => c.name === 'completions.complete')?.params).toEqual({ serverId: 'docs', ref: { type: 'ref/resource', uri: 'docs://page/{slug}' }, argument: { name: 'slug', value: 'in' } });
  });
});
