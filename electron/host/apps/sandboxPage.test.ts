import { describe, expect, it } from 'vitest';
import { appCsp, parseCspParam, sandboxProxyHtml } from './sandboxPage.ts';

describe('sandbox proxy page', () => {
  it('allows exactly the declared origins and nothing by default', () => {
    const none = appCsp({}, ['http://127.0.0.1:5000']);
    expect(none).toContain("connect-src 'none'");
    expect(none).toContain("frame-src 'none'");
    expect(none).toContain("default-src 'none'");
    expect(none).toContain('frame-ancestors http://127.0.0.1:5000');
    const declared = appCsp({ connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] }, []);
    expect(declared).toContain('connect-src https://api.example.com;');
    expect(declared).toContain("script-src 'unsafe-inline' https://cdn.example.com");
    expect(declared).not.toContain('frame-ancestors');
  });

  it('drops anything in the query that is not a plain origin', () => {
    expect(parseCspParam(JSON.stringify({ connectDomains: ['https://ok.example', "* 'unsafe-eval'"], frameDomains: 'x' }))).toEqual({ connectDomains: ['https://ok.example'] });
    expect(parseCspParam('not json')).toEqual({});
  });

  it('never gives the app frame allow-same-origin and talks only to its parent origin', () => {
    const html = sandboxProxyHtml('http://127.0.0.1:4000', {});
    expect(html).toContain("inner.setAttribute('sandbox', 'allow-scripts')");
    expect(html).not.toMatch(/'sandbox', '[^']*allow-same-origin/);
    expect(html).toContain('"parentOrigin":"http://127.0.0.1:4000"');
    // A parent origin cannot close the script early.
    expect(sandboxProxyHtml('</script><script>alert(1)</script>', {})).not.toContain('</script><script>alert(1)');
  });
});
