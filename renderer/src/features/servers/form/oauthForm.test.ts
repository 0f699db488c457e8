import { describe, expect, it } from 'vitest';
import type { HttpServerConfig } from '../../../../../shared/serverConfig.ts';
import { checkOAuth, emptyOAuthForm, hasOAuthValues, oauthFormFromConfig, oauthFromForm } from './oauthForm.ts';
import { configFromForm, emptyForm, formFieldOf, formFromConfig, validateForm } from './serverForm.ts';
import type { FormErrors } from './serverForm.ts';

const stored: HttpServerConfig = {
  type: 'http',
  url: 'https://mcp.example.com/mcp',
  oauth: { clientId: 'abc123', clientSecret: '••••••••', scopes: ['notes:read', 'notes:write'], callbackPort: 53682 },
  tools: { echo: { enabled: false } },
};

describe('OAuth fields of the server form', () => {
  it('round-trip a stored OAuth block, the hidden secret left as the mask for the host to restore', () => {
    const state = formFromConfig('notes', stored);
    expect(state.oauth).toEqual({ clientId: 'abc123', clientSecret: '••••••••', scopes: 'notes:read notes:write', callbackPort: '53682' });
    expect(configFromForm({ ...state, url: 'https://mcp.example.com/v2/mcp' }, stored)).toEqual({ ...stored, url: 'https://mcp.example.com/v2/mcp' });
  });

  it('drop a cleared field, and the whole block once every field is empty', () => {
    const state = formFromConfig('notes', stored);
    expect(configFromForm({ ...state, oauth: { ...state.oauth, callbackPort: '', scopes: '  ' } }, stored)).toMatchObject({ oauth: { clientId: 'abc123', clientSecret: '••••••••' } });
    expect(oauthFromForm({ ...state.oauth, callbackPort: '' }, stored.oauth)).not.toHaveProperty('callbackPort');
    expect(configFromForm({ ...state, oauth: emptyOAuthForm() }, stored)).not.toHaveProperty('oauth');
    expect(configFromForm({ ...emptyForm(), transport: 'http', url: 'https://h/mcp' })).toEqual({ type: 'http', url: 'https://h/mcp' });
  });

  it('split scopes on any whitespace', () => {
    expect(oauthFromForm({ ...emptyOAuthForm(), clientId: ' id ', scopes: ' a  b\tc ' }, undefined)).toEqual({ clientId: 'id', scopes: ['a', 'b', 'c'] });
  });

  it('name what is wrong: a scope with a quote, a port out of range, a secret without its client ID', () => {
    const errors: FormErrors = {};
    checkOAuth({ clientId: '', clientSecret: 's3cret', scopes: 'ok "bad"', callbackPort: '80' }, errors);
    expect(errors).toEqual({
      'oauth.scopes': { key: 'form.errors.scope', values: { scope: '"bad"' } },
      'oauth.callbackPort': { key: 'form.errors.port' },
      'oauth.clientId': { key: 'form.errors.secretWithoutId' },
    });
    const http = { ...emptyForm(), name: 'r', transport: 'http' as const, url: 'https://h/mcp', oauth: { ...emptyOAuthForm(), callbackPort: '53682.5' } };
    expect(Object.keys(validateForm(http, []))).toEqual(['oauth.callbackPort']);
    // A local server's form never checks the remote-only fields.
    expect(validateForm({ ...http, transport: 'stdio', command: 'npx' }, [])).toEqual({});
  });

  it('put the host’s verdict on the OAuth field it names', () => {
    expect(formFieldOf('config.oauth.clientId', emptyForm())).toBe('oauth.clientId');
    expect(formFieldOf('oauth.clientSecret', emptyForm())).toBe('oauth.clientSecret');
    expect(formFieldOf('config.oauth', emptyForm())).toBeUndefined();
  });

  it('know when the folded section should open', () => {
    expect(hasOAuthValues(emptyOAuthForm())).toBe(false);
    expect(hasOAuthValues(oauthFormFromConfig({ clientId: 'x' }))).toBe(true);
  });
});
