/**
 * The OAuth part of a remote server's form: a client registered by hand (ID, secret), scopes to fall back on, and a
 * fixed callback port. Only needed for providers that do not let apps register themselves.
 */
import type { HttpServerConfig } from '../../../../../shared/serverConfig.ts';
import type { FormErrors } from './serverForm.ts';

/** The OAuth fields as typed. */
export interface OAuthFormState {
  clientId: string;
  /** Shown masked (••••) when stored; left untouched, the host keeps the stored one. */
  clientSecret: string;
  /** Scopes separated by spaces, as OAuth writes them. */
  scopes: string;
  callbackPort: string;
}

type OAuthSettings = NonNullable<HttpServerConfig['oauth']>;

/** Blank OAuth fields. */
export function emptyOAuthForm(): OAuthFormState {
  return { clientId: '', clientSecret: '', scopes: '', callbackPort: '' };
}

/** The fields of a stored OAuth block. */
export function oauthFormFromConfig(oauth: HttpServerConfig['oauth']): OAuthFormState {
  return {
    clientId: oauth?.clientId ?? '',
    clientSecret: oauth?.clientSecret ?? '',
    scopes: (oauth?.scopes ?? []).join(' '),
    callbackPort: oauth?.callbackPort !== undefined ? String(oauth.callbackPort) : '',
  };
}

/** True when any OAuth field holds something (the section opens by itself then). */
export function hasOAuthValues(state: OAuthFormState): boolean {
  return [state.clientId, state.clientSecret, state.scopes, state.callbackPort].some((value) => value.trim() !== '');
}

// The scope-token grammar of RFC 6749 §3.3, as the host's schema checks it.
const scopeToken = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** Adds the OAuth fields' errors under `oauth.<field>`. */
export function checkOAuth(state: OAuthFormState, errors: FormErrors): void {
  const bad = words(state.scopes).find((scope) => !scopeToken.test(scope));
  if (bad !== undefined) errors['oauth.scopes'] = { key: 'form.errors.scope', values: { scope: bad } };
  const port = state.callbackPort.trim();
  if (port !== '' && (!/^\d+$/.test(port) || Number(port) < 1024 || Number(port) > 65535)) errors['oauth.callbackPort'] = { key: 'form.errors.port' };
  if (state.clientSecret !== '' && state.clientId.trim() === '') errors['oauth.clientId'] = { key: 'form.errors.secretWithoutId' };
}

/**
 * The OAuth block to save: the form's fields over what was stored, so settings this form does not show survive an
 * edit, and a field cleared here is removed. Undefined when nothing is left.
 */
export function oauthFromForm(state: OAuthFormState, previous: HttpServerConfig['oauth']): OAuthSettings | undefined {
  const rest: OAuthSettings = { ...previous };
  delete rest.clientId;
  delete rest.clientSecret;
  delete rest.scopes;
  delete rest.callbackPort;
  const scopes = words(state.scopes);
  const port = state.callbackPort.trim();
  const oauth: OAuthSettings = {
    ...rest,
    ...(state.clientId.trim() ? { clientId: state.clientId.trim() } : {}),
    ...(state.clientSecret !== '' ? { clientSecret: state.clientSecret } : {}),
    ...(scopes.length ? { scopes } : {}),
    ...(port ? { callbackPort: Number(port) } : {}),
  };
  return Object.keys(oauth).length ? oauth : undefined;
}
