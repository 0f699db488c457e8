import { describe, expect, it } from 'vitest';
import { checkSender, comparableOrigin, type TrustedPage } from './senderCheck.ts';

const page: TrustedPage = { webContentsId: 7, entryUrl: 'app://switchboard/index.html' };
const fromApp = { webContentsId: 7, frameUrl: 'app://switchboard/index.html#/chat', isTopFrame: true };

describe('checkSender', () => {
  it('trusts the app window, top frame, app origin (any path or hash)', () => {
    expect(checkSender(fromApp, page)).toEqual({ trusted: true });
    expect(checkSender({ ...fromApp, frameUrl: 'app://switchboard/assets/x.html?y=1' }, page)).toEqual({ trusted: true });
  });

  it('refuses another window, a subframe, a gone frame and foreign origins', () => {
    expect(checkSender({ ...fromApp, webContentsId: 8 }, page).trusted).toBe(false);
    expect(checkSender({ ...fromApp, isTopFrame: false }, page).trusted).toBe(false);
    expect(checkSender({ ...fromApp, frameUrl: undefined }, page).trusted).toBe(false);
    for (const url of ['https://evil.example/', 'app://switchboard.evil/index.html', 'app://other/index.html', 'file:///tmp/index.html', 'about:blank', 'not a url']) {
      expect(checkSender({ ...fromApp, frameUrl: url }, page).trusted, url).toBe(false);
    }
  });

  it('refuses everything while no window exists', () => {
    expect(checkSender(fromApp, { ...page, webContentsId: undefined }).trusted).toBe(false);
  });

  it('compares file: pages by path, since their origin is opaque', () => {
    const filePage = { webContentsId: 1, entryUrl: 'file:///opt/app/dist/renderer/index.html' };
    expect(checkSender({ webContentsId: 1, frameUrl: 'file:///opt/app/dist/renderer/index.html#x', isTopFrame: true }, filePage).trusted).toBe(true);
    expect(checkSender({ webContentsId: 1, frameUrl: 'file:///home/u/Downloads/evil.html', isTopFrame: true }, filePage).trusted).toBe(false);
    expect(comparableOrigin('http://localhost:5173/a')).toBe('http://localhost:5173');
  });
});
