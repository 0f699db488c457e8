/** A remote server's sign-in settings, folded away: only providers that do not let apps register themselves need them. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField.tsx';
import { hasOAuthValues, type OAuthFormState } from './oauthForm.ts';
import type { FieldsProps } from './TransportFields.tsx';
import '../signIn/signIn.css';

/** Client ID and secret registered by hand, fallback scopes, fixed callback port. */
export function OAuthFields({ form, message }: FieldsProps) {
  const { t } = useTranslation('servers');
  const { state, update, touch } = form;
  const oauth = state.oauth;
  const set = (patch: Partial<OAuthFormState>) => update({ oauth: { ...oauth, ...patch } });
  const fields = ['clientId', 'clientSecret', 'scopes', 'callbackPort'] as const;
  const wanted = hasOAuthValues(oauth) || fields.some((field) => message(`oauth.${field}`) !== undefined);
  // Opens by itself when it holds something or an error, but never folds away under the user's hands (e.g. a field cleared).
  const [open, setOpen] = useState(wanted);
  if (wanted && !open) setOpen(true);
  return (
    <details className="sv-advanced" open={open} data-testid="oauth-fields">
      <summary>{t('form.oauth.title')}</summary>
      <p className="field-hint sv-oauth-intro">{t('form.oauth.intro')}</p>
      <div className="sv-advanced-grid">
        <FormField id="server-oauth-client-id" label={t('form.oauth.clientId')} hint={t('form.oauth.clientIdHint')} error={message('oauth.clientId')}>
          {(a11y) => (
            <input {...a11y} className="input mono" value={oauth.clientId} spellCheck={false} autoComplete="off" onChange={(e) => set({ clientId: e.target.value })} onBlur={() => touch('oauth.clientId')} />
          )}
        </FormField>
        <FormField id="server-oauth-client-secret" label={t('form.oauth.clientSecret')} hint={t('form.oauth.clientSecretHint')} error={message('oauth.clientSecret')}>
          {(a11y) => (
            <input
              {...a11y}
              className="input mono"
              type="password"
              value={oauth.clientSecret}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => set({ clientSecret: e.target.value })}
              onBlur={() => touch('oauth.clientSecret')}
            />
          )}
        </FormField>
        <FormField id="server-oauth-scopes" label={t('form.oauth.scopes')} hint={t('form.oauth.scopesHint')} error={message('oauth.scopes')}>
          {(a11y) => (
            <input {...a11y} className="input mono" value={oauth.scopes} placeholder="notes:read notes:write" spellCheck={false} onChange={(e) => set({ scopes: e.target.value })} onBlur={() => touch('oauth.scopes')} />
          )}
        </FormField>
        <FormField id="server-oauth-port" label={t('form.oauth.callbackPort')} hint={t('form.oauth.callbackPortHint')} error={message('oauth.callbackPort')}>
          {(a11y) => (
            <input {...a11y} className="input" inputMode="numeric" value={oauth.callbackPort} placeholder="53682" onChange={(e) => set({ callbackPort: e.target.value })} onBlur={() => touch('oauth.callbackPort')} />
          )}
        </FormField>
      </div>
    </details>
  );
}
