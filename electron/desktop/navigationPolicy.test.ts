import { describe, expect, it } from 'vitest';
import { decideNavigation, decideWindowOpen, isExternalWebUrl } from './navigationPolicy.ts';
import { grantedPermissions, isPermissionGranted } from './permissions.ts';

const entry = 'app://switchboard/index.html';

describe('navigation policy', () => {
  it('keeps in-app navigation, sends web links to the browser, refuses the rest', () => {
    expect(decideNavigation('app://switchboard/index.html#settings', entry)).toBe('allow');
    expect(decideNavigation('https://modelcontextprotocol.io/docs', entry)).toBe('open_external');
    expect(decideNavigation('http://example.com', entry)).toBe('open_external');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'app://other/index.html', 'data:text/html,<b>x</b>', 'vscode://x', 'garbage']) {
      expect(decideNavigation(url, entry), url).toBe('deny');
    }
  });

  it('never opens a new app window; web links go to the browser', () => {
    expect(decideWindowOpen('https://github.com')).toBe('open_external');
    expect(decideWindowOpen('app://switchboard/index.html')).toBe('deny');
    expect(decideWindowOpen('file:///tmp/x.html')).toBe('deny');
    expect(isExternalWebUrl('https://')).toBe(false);
  });
});

describe('permission policy', () => {
  it('denies camera, microphone, notifications, geolocation and the rest, even to the app', () => {
    for (const permission of ['media', 'notifications', 'geolocation', 'midi', 'hid', 'serial', 'usb', 'clipboard-read', 'display-capture', 'openExternal', 'unknown']) {
      expect(isPermissionGranted(permission, entry, entry), permission).toBe(false);
    }
  });

  it('grants only what the app uses (copy buttons), and only to the app page', () => {
    expect([...grantedPermissions]).toEqual(['clipboard-sanitized-write']);
    expect(isPermissionGranted('clipboard-sanitized-write', 'app://switchboard/index.html', entry)).toBe(true);
    expect(isPermissionGranted('clipboard-sanitized-write', 'https://evil.example/', entry)).toBe(false);
    expect(isPermissionGranted('clipboard-sanitized-write', undefined, entry)).toBe(false);
  });
});
