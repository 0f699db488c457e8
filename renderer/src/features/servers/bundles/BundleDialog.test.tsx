// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../../../../shared/errors.ts';
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
});
