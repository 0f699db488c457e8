/** The Settings page: API key (write-only), base URL, model, limits, system prompt, thinking, theme, language. */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import { errorText } from '../common/errorText.ts';
import { Switch } from '../common/Switch.tsx';
import { FormField } from '../servers/form/FormField.tsx';
import { AboutSection } from './AboutSection.tsx';
import { ApiKeyField } from './ApiKeyField.tsx';
import { AppearanceSection } from './AppearanceSection.tsx';
import { ToolSearchSection } from './ToolSearchSection.tsx';
import { DefaultToolScopeSection } from './DefaultToolScopeSection.tsx';
import { PricingSection } from './PricingSection.tsx';
import { LongChatsSection } from './LongChatsSection.tsx';
import { ModelField } from './ModelField.tsx';
import { draftFrom, draftPatch, validateDraft, type DraftField, type SettingsDraft } from './settingsDraft.ts';
import './settings.css';
import { errorMessage } from '../common/errorText.ts';

/** The settings view. */
export function SettingsView() {
  const { t } = useTranslation('settings');
  const settings = useStore((s) => s.settings);
  const loadError = useStore((s) => s.settingsError);
  const updateSettings = useStore((s) => s.updateSettings);
  const notify = useStore((s) => s.notify);
  const [draft, setDraft] = useState<SettingsDraft | undefined>(settings ? draftFrom(settings) : undefined);
  const [touched, setTouched] = useState<Set<DraftField>>(new Set());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  // The first settings to arrive fill the draft; later host changes do not overwrite what the user is typing.
  useEffect(() => {
    if (settings && !draft) setDraft(draftFrom(settings));
  }, [settings, draft]);

  const errors = useMemo(() => (draft ? validateDraft(draft) : {}), [draft]);
  const patch = useMemo(() => (draft && settings ? draftPatch(draft, settings) : {}), [draft, settings]);
  const dirty = Object.keys(patch).length > 0;

  if (!settings || !draft) {
    return (
      <div className="page">
        <div className="page-inner">
          <h1 className="page-title">{t('title')}</h1>
          <p className="muted" role={loadError ? 'alert' : undefined}>
            {loadError ? t('loadFailed', { message: errorMessage(t, loadError) }) : t('loading')}
          </p>
        </div>
      </div>
    );
  }

  const shown = (field: DraftField) => {
    const error = errors[field];
    return error && touched.has(field) ? t(error.key, error.values ?? {}) : undefined;
  };
  const set = (field: DraftField, value: string | boolean) => setDraft({ ...draft, [field]: value });
  const touch = (field: DraftField) => setTouched((s) => new Set(s).add(field));
  const text = (field: Exclude<DraftField, 'thinkingEnabled'>, props: { mono?: boolean; numeric?: boolean } = {}) =>
    (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => (
      <input
        {...a11y}
        className={props.mono ? 'input mono' : 'input'}
        inputMode={props.numeric ? 'numeric' : undefined}
        value={draft[field]}
        spellCheck={false}
        onChange={(e) => set(field, e.target.value)}
        onBlur={() => touch(field)}
      />
    );

  const save = async () => {
    setTouched(new Set(Object.keys(errors) as DraftField[]));
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    const result = await updateSettings(patch);
    setBusy(false);
    if (!result.ok) return setProblem(errorText(t, result.error));
    setProblem(undefined);
    setDraft(draftFrom(result.value));
    notify({ tone: 'success', titleKey: 'settings:saved' });
  };

  return (
    <div className="page" data-testid="settings-view">
      <form
        className="page-inner st-page"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <header className="page-header">
          <div>
            <h1 className="page-title">{t('title')}</h1>
            <p className="page-subtitle">{t('subtitle')}</p>
          </div>
        </header>

        <section className="card st-card" aria-labelledby="st-api">
          <h2 id="st-api" className="st-card-title">
            {t('sections.api')}
          </h2>
          <ApiKeyField />
          <FormField id="st-base-url" label={t('baseUrl.label')} hint={t('baseUrl.hint')} error={shown('apiBaseUrl')}>
            {text('apiBaseUrl', { mono: true })}
          </FormField>
          <ModelField value={draft.model} onChange={(v) => set('model', v)} error={shown('model')} reloadKey={`${settings.apiBaseUrl}|${settings.hasApiKey}`} />
          <FormField id="st-max-tokens" label={t('maxTokens.label')} hint={t('maxTokens.hint')} error={shown('maxTokens')}>
            {text('maxTokens', { numeric: true })}
          </FormField>
        </section>

        <section className="card st-card" aria-labelledby="st-conversation">
          <h2 id="st-conversation" className="st-card-title">
            {t('sections.conversation')}
          </h2>
          <FormField id="st-system-prompt" label={t('systemPrompt.label')} hint={t('systemPrompt.hint')} error={shown('systemPrompt')}>
            {(a11y) => (
              <textarea {...a11y} className="textarea" rows={5} value={draft.systemPrompt} placeholder={t('systemPrompt.placeholder')} onChange={(e) => set('systemPrompt', e.target.value)} onBlur={() => touch('systemPrompt')} />
            )}
          </FormField>
          <div className="st-toggle-row">
            <div>
              <p className="field-label">{t('thinking.label')}</p>
              <p className="field-hint">{t('thinking.hint')}</p>
            </div>
            <Switch checked={draft.thinkingEnabled} label={t('thinking.label')} onCheckedChange={(v) => set('thinkingEnabled', v)} />
          </div>
          {draft.thinkingEnabled ? (
            <FormField id="st-thinking-budget" label={t('thinking.budget')} hint={t('thinking.budgetHint')} error={shown('thinkingBudget')}>
              {text('thinkingBudget', { numeric: true })}
            </FormField>
          ) : null}
          <div className="st-grid">
            <FormField id="st-max-turns" label={t('maxTurns.label')} hint={t('maxTurns.hint')} error={shown('maxTurns')}>
              {text('maxTurns', { numeric: true })}
            </FormField>
            <FormField id="st-tool-limit" label={t('toolResultLimit.label')} hint={t('toolResultLimit.hint')} error={shown('toolResultLimit')}>
              {text('toolResultLimit', { numeric: true })}
            </FormField>
          </div>
          <FormField id="st-catalog-registry" label={t('browse:settings.label')} hint={t('browse:settings.hint')} error={shown('catalogRegistryUrl')}>
            {text('catalogRegistryUrl', { mono: true })}
          </FormField>
          <FormField id="st-client-metadata-url" label={t('clientMetadataUrl.label')} hint={t('clientMetadataUrl.hint')} error={shown('clientMetadataUrl')}>
            {text('clientMetadataUrl', { mono: true })}
          </FormField>
        </section>

        <ToolSearchSection />
        <DefaultToolScopeSection />
        <PricingSection />
        <LongChatsSection />
        <AppearanceSection />
        <AboutSection />

        {dirty || problem ? (
          <div className="st-savebar" role="region" aria-label={t('unsaved')}>
            {problem ? (
              <span className="field-error" role="alert">
                {problem}
              </span>
            ) : (
              <span>{t('unsaved')}</span>
            )}
            <span className="spacer" />
            <button
              type="button"
              className="btn"
              onClick={() => {
                setDraft(draftFrom(settings));
                setTouched(new Set());
                setProblem(undefined);
              }}
            >
              {t('discard')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? <span className="spinner" aria-hidden /> : null}
              {t('save')}
            </button>
          </div>
        ) : null}
      </form>
    </div>
  );
}
