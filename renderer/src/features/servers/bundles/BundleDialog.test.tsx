// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { hostErr, ok } from '../../../../../shared/errors.ts';
import { hostMessage } from '../../../../../shared/hostMessages.ts';
import type { BundlePreview } from '../../../../../shared/bundles.ts';
import { setBridgeForTests } from '../../../bridge/index.ts';
import { initI18n } from '../../../i18n/index.ts';
import { useStore } from '../../../store/index.ts';
import { fakeBridge } from '../../common/fakeBridge.ts';
import { BundleDialog } from './BundleDialog.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => cleanup());

const preview: BundlePreview = {
  name: 'notes',
  displayName: 'Notes',
  version: '1.0.0',
  description: 'Reads notes',
  author: 'Ada',
  manifestVersion: '0.3',
  serverType: 'node',
  tools: [],
  prompts: [],
  compatibility: {},
  signature: { status: 'unsigned' },
  userConfig: [{ key: 'folder', type: 'directory', title: 'Notes folder', description: 'Where your notes are', required: true, sensitive: false, multiple: false, hasStoredValue: false }],
  files: 2,
  unpackedBytes: 100,
};

describe('bundle settings', () => {
  it('fills a directory setting from the folder picker and installs with it', async () => {
    const fake = fakeBridge({
      'folders.pick': () => ok({ path: '/home/ada/notes' }),
      'bundles.install': () => ok({ id: 'notes', config: { command: 'node' }, status: { state: 'connecting', since: 0 }, transport: 'stdio' }),
    });
    setBridgeForTests(fake.bridge);
    useStore.setState({ appInfo: { version: '0', mode: 'desktop', dataDir: '/tmp', platform: 'linux', notices: [], folderPicker: 'native' } });
    render(<BundleDialog preview={preview} source={{ path: '/tmp/notes.mcpb' }} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('choose-folder'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/Notes folder/).value).toBe('/home/ada/notes'));
    await user.click(screen.getByTestId('bundle-install-confirm'));
    await waitFor(() => expect(fake.calls.find((c) => c.name === 'bundles.install')?.params).toMatchObject({ userConfig: { folder: '/home/ada/notes' } }));
  });

  const installed = () => ok({ id: 'notes', config: { command: 'node' }, status: { state: 'connecting' as const, since: 0 }, transport: 'stdio' as const });

  it('a file setting gets "Choose file…": the desktop dialog opens for one file, and installs with it', async () => {
    const fake = fakeBridge({ 'files.pick': () => ok({ paths: ['/home/ada/notes.json'] }), 'bundles.install': installed });
    setBridgeForTests(fake.bridge);
    useStore.setState({ appInfo: { version: '0', mode: 'desktop', dataDir: '/tmp', platform: 'linux', notices: [], folderPicker: 'native' } });
    const userConfig = [{ key: 'index', type: 'file' as const, title: 'Index file', description: 'd', required: true, sensitive: false, multiple: false, hasStoredValue: false }];
    render(<BundleDialog preview={{ ...preview, userConfig }} source={{ path: '/tmp/notes.mcpb' }} onClose={() => {}} />);
    const user = userEvent.setup();
    expect(screen.queryByTestId('choose-folder')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose file…' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/Index file/).value).toBe('/home/ada/notes.json'));
    expect(fake.calls.find((c) => c.name === 'files.pick')?.params).toEqual({ multiple: false });
    await user.click(screen.getByTestId('bundle-install-confirm'));
    await waitFor(() => expect(fake.calls.find((c) => c.name === 'bundles.install')?.params).toMatchObject({ userConfig: { index: '/home/ada/notes.json' } }));
  });

  it('a setting that takes several files collects them (several from one dialog, typed ones too), and installs with the list', async () => {
    const fake = fakeBridge({ 'files.pick': () => ok({ paths: ['/a.txt', '/b.txt'] }), 'bundles.install': installed });
    setBridgeForTests(fake.bridge);
    useStore.setState({ appInfo: { version: '0', mode: 'desktop', dataDir: '/tmp', platform: 'linux', notices: [], folderPicker: 'native' } });
    const userConfig = [{ key: 'inputs', type: 'file' as const, title: 'Inputs', description: 'd', required: false, sensitive: false, multiple: true, hasStoredValue: false }];
    render(<BundleDialog preview={{ ...preview, userConfig }} source={{ path: '/tmp/notes.mcpb' }} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('choose-file'));
    await waitFor(() => expect(screen.getByTestId('bundle-paths-inputs').textContent).toContain('/b.txt'));
    expect(fake.calls.find((c) => c.name === 'files.pick')?.params).toEqual({ multiple: true });
    await user.type(screen.getByLabelText(/^Inputs/, { selector: 'input' }), '/c.txt{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove /a.txt' }));
    await user.click(screen.getByTestId('bundle-install-confirm'));
    await waitFor(() => expect(fake.calls.find((c) => c.name === 'bundles.install')?.params).toMatchObject({ userConfig: { inputs: ['/b.txt', '/c.txt'] } }));
  });

  it('shows the host’s refusal of a setting in the user’s language (vi), naming the setting', async () => {
    const refused = hostErr('bundle_refused', hostMessage('bundle.optionRequired', { title: 'Notes folder' }), { field: 'folder', detail: 'missing_config' });
    setBridgeForTests(fakeBridge({ 'bundles.install': () => refused }).bridge);
    useStore.setState({ appInfo: { version: '0', mode: 'desktop', dataDir: '/tmp', platform: 'linux', notices: [], folderPicker: 'native' } });
    await i18next.changeLanguage('vi');
    try {
      render(<BundleDialog preview={preview} source={{ path: '/tmp/notes.mcpb' }} onClose={() => {}} />);
      await userEvent.setup().click(screen.getByTestId('bundle-install-confirm'));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Gói bị từ chối — Cần nhập "Notes folder"'));
      expect(screen.getByRole('alert').textContent).not.toContain('is required');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
