// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { err, hostErr, ok } from '../../../../../shared/errors.ts';
import { hostMessage } from '../../../../../shared/hostMessages.ts';
import type { FolderListing } from '../../../../../shared/folders.ts';
import { setBridgeForTests } from '../../../bridge/index.ts';
import { initI18n } from '../../../i18n/index.ts';
import { fakeBridge } from '../../common/fakeBridge.ts';
import { FolderBrowserDialog } from './FolderBrowserDialog.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => cleanup());

const home: FolderListing = {
  path: '/home/ada',
  parent: '/home',
  home: '/home/ada',
  folders: [{ name: 'docs', path: '/home/ada/docs', hidden: false }],
  files: [{ name: 'notes.json', path: '/home/ada/notes.json', hidden: false }],
  truncated: false,
};

describe('the web file browser', () => {
  it('asks the host for files, lists folders then files, and chooses the file the host confirms', async () => {
    const fake = fakeBridge({
      'folders.list': () => ok(home),
      'files.check': ({ path }) => (path === '/home/ada/notes.json' ? ok({ path, folder: '/home/ada' }) : err('invalid_params', `${path} is a folder, not a file`, { detail: 'not_a_file' })),
    });
    setBridgeForTests(fake.bridge);
    const chosen: string[] = [];
    render(<FolderBrowserDialog kind="file" onChoose={(path) => chosen.push(path)} onClose={() => {}} />);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getAllByRole('listitem').map((item) => item.textContent?.trim())).toEqual(['docs', 'notes.json']));
    expect(fake.calls[0]).toEqual({ name: 'folders.list', params: { showHidden: false, files: true } });

    // The folder shown is not a file: the host refuses it and the dialog says so.
    await user.click(screen.getByRole('button', { name: 'Choose this file' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('/home/ada is a folder, not a file. Open it and pick a file inside.'));
    expect(chosen).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'notes.json' }));
    expect(screen.getByRole('button', { name: 'notes.json' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('File path').value).toBe('/home/ada/notes.json');
    await user.click(screen.getByRole('button', { name: 'Choose this file' }));
    expect(chosen).toEqual(['/home/ada/notes.json']);
  });

  it('starts in a file’s folder with the file selected when given a file', async () => {
    const fake = fakeBridge({
      'folders.list': ({ path }) => (path === '/home/ada/notes.json' ? err('invalid_params', 'not a folder', { detail: 'not_a_directory' }) : ok(home)),
      'files.check': ({ path }) => ok({ path, folder: '/home/ada' }),
    });
    setBridgeForTests(fake.bridge);
    render(<FolderBrowserDialog kind="file" start="/home/ada/notes.json" onChoose={() => {}} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'notes.json' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByLabelText<HTMLInputElement>('File path').value).toBe('/home/ada/notes.json');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('choosing a folder never asks for files', async () => {
    const { files: _files, ...foldersOnly } = home;
    const fake = fakeBridge({ 'folders.list': () => ok(foldersOnly) });
    setBridgeForTests(fake.bridge);
    render(<FolderBrowserDialog onChoose={() => {}} onClose={() => {}} />);
    await waitFor(() => expect(screen.getAllByRole('listitem').map((item) => item.textContent?.trim())).toEqual(['docs']));
    expect(fake.calls[0]).toEqual({ name: 'folders.list', params: { showHidden: false } });
  });

  it('shows a refusal it has no sentence of its own for (a folder that cannot be read) in the user’s language', async () => {
    const unreadable = hostErr('invalid_params', hostMessage('fs.unreadable', { path: '/root', reason: 'EACCES' }), { field: 'path', detail: 'unreadable' });
    setBridgeForTests(fakeBridge({ 'folders.list': ({ path }) => (path === '/root' ? unreadable : ok(home)) }).bridge);
    await i18next.changeLanguage('vi');
    try {
      render(<FolderBrowserDialog start="/root" onChoose={() => {}} onClose={() => {}} />);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Không đọc được /root: EACCES'));
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
