import { describe, expect, it } from 'vitest';
import { isAppOnly, isCspSource, resourceUiOf, toolUiOf } from './apps.ts';

describe('toolUiOf', () => {
  it('reads _meta.ui with its visibility, the legacy key, and nothing from a non-ui:// URI', () => {
    expect(toolUiOf({ ui: { resourceUri: 'ui://a/b.html' } })).toEqual({ resourceUri: 'ui://a/b.html', visibility: ['model', 'app'] });
    expect(toolUiOf({ 'ui/resourceUri': 'ui://a/b.html' })).toEqual({ resourceUri: 'ui://a/b.html', visibility: ['model', 'app'] });
    expect(toolUiOf({ ui: { resourceUri: 'ui://x', visibility: ['app'] } })?.visibility).toEqual(['app']);
    expect(toolUiOf({ ui: { resourceUri: 'https://evil.example/app.html' } })).toBeUndefined();
    expect(toolUiOf(undefined)).toBeUndefined();
  });

  it('keeps an app-only tool without a resource hidden from the model', () => {
    const ui = toolUiOf({ ui: { visibility: ['app'] } });
    expect(isAppOnly(ui)).toBe(true);
    expect(isAppOnly(toolUiOf({ ui: { resourceUri: 'ui://x', visibility: ['model'] } }))).toBe(false);
  });
});

describe('resource CSP', () => {
  it('keeps only plain origins: a server cannot write its own directives or open everything', () => {
    expect(isCspSource('https://api.example.com')).toBe(true);
    expect(isCspSource('https://*.example.com:8443')).toBe(true);
    for (const bad of ['*', "'unsafe-eval'", 'https://a.com; script-src *', 'https://a.com/path', 'data:', 'http://a.com bad']) expect(isCspSource(bad)).toBe(false);
    expect(resourceUiOf({ ui: { csp: { connectDomains: ['https://ok.example', '*', 'https://x.com; default-src *'] }, permissions: { camera: {} }, prefersBorder: false } })).toEqual({
      csp: { connectDomains: ['https://ok.example'] },
      permissions: { camera: true },
      prefersBorder: false,
    });
  });
});
