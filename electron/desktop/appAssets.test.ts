import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { APP_ENTRY_URL, resolveAppAsset } from './appAssets.ts';
import { contentSecurityPolicy } from './csp.ts';

const root = '/opt/switchboard/dist/renderer';

describe('resolveAppAsset', () => {
  it('maps app URLs to files of the renderer with their content type', () => {
    expect(resolveAppAsset(root, APP_ENTRY_URL)).toEqual({ ok: true, path: join(root, 'index.html'), mimeType: 'text/html; charset=utf-8' });
    expect(resolveAppAsset(root, 'app://switchboard/')).toMatchObject({ ok: true, path: join(root, 'index.html') });
    expect(resolveAppAsset(root, 'app://switchboard/assets/index-abc.js?v=1#x')).toMatchObject({ ok: true, path: join(root, 'assets/index-abc.js'), mimeType: 'text/javascript; charset=utf-8' });
    expect(resolveAppAsset(root, 'app://switchboard/fonts/a%20b.woff2')).toMatchObject({ ok: true, path: join(root, 'fonts/a b.woff2'), mimeType: 'font/woff2' });
  });

  it('refuses escapes out of the renderer folder and other hosts', () => {
    for (const url of ['app://switchboard/..%2F..%2Fetc%2Fpasswd', 'app://switchboard/assets/..%2f..%2f..%2fx', 'app://switchboard/..%5C..%5Cx']) {
      const lookup = resolveAppAsset(root, url);
      // On POSIX a backslash is a file-name character, so that one may resolve, but only inside the root.
      if (lookup.ok) expect(lookup.path.startsWith(`${root}/`), url).toBe(true);
      else expect(lookup, url).toEqual({ ok: false, status: 403 });
    }
    expect(resolveAppAsset(root, 'app://switchboard/..%2F..%2Fetc%2Fpasswd')).toEqual({ ok: false, status: 403 });
    // The URL parser already folds dot segments, so this lands on a file inside the root, never above it.
    expect(resolveAppAsset(root, 'app://switchboard/%2e%2e/%2e%2e/index.html')).toMatchObject({ ok: true, path: join(root, 'index.html') });
    expect(resolveAppAsset(root, 'app://elsewhere/index.html')).toEqual({ ok: false, status: 403 });
    expect(resolveAppAsset(root, 'app://switchboard/%E0%A4%A')).toEqual({ ok: false, status: 400 });
    expect(resolveAppAsset(root, 'app://switchboard/a%00.js')).toEqual({ ok: false, status: 400 });
  });
});

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy();
  const directive = (name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

  it('runs only the app’s own scripts: no inline script, no eval, no remote code', () => {
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(directive('default-src')).toBe("default-src 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
  });

  it('loads no remote images or connections (a model cannot leak chat text through an image URL)', () => {
    expect(directive('img-src')).toBe("img-src 'self' data: blob:");
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(policy).not.toMatch(/https?:/);
  });
});
