/** The bundle install dialog: what the bundle holds (author, version, tools, compatibility, signature), its user_config form, Install. */
import { ShieldAlert, ShieldCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundlePreview, BundleSource, BundleUserConfigField, UserConfigValues } from '../../../../../shared/bundles.ts';
import { call } from '../../../bridge/index.ts';
import { useStore } from '../../../store/index.ts';
import { Dialog } from '../../common/Dialog.tsx';
import { errorText } from '../../common/errorText.ts';
import { BundlePathField } from './BundlePathField.tsx';

/** Props of BundleDialog. */
export interface BundleDialogProps {
  preview: BundlePreview;
  source: BundleSource;
  onClose: () => void;
}

const isPath = (field: BundleUserConfigField) => field.type === 'file' || field.type === 'directory';

function toValue(field: BundleUserConfigField, text: string): string | number | boolean | undefined {
  if (text === '') return undefined;
  if (field.type === 'number') return Number(text);
  if (field.type === 'boolean') return text === 'true';
  return text;
}

/** The dialog; mount it once a bundle has been inspected. */
export function BundleDialog({ preview, source, onClose }: BundleDialogProps) {
  const { t } = useTranslation('bundles');
  const notify = useStore((s) => s.notify);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(preview.userConfig.map((field) => [field.key, field.type === 'boolean' ? String(field.default === true) : ''])),
  );
  // File and directory settings hold a list of paths (one unless the manifest says `multiple`).
  const [paths, setPaths] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const install = async () => {
    setBusy(true);
    setProblem(undefined);
    const userConfig: UserConfigValues = {};
    for (const field of preview.userConfig) {
      const chosen = paths[field.key] ?? [];
      if (isPath(field)) {
        if (chosen.length > 0) userConfig[field.key] = field.multiple ? chosen : (chosen[0] ?? '');
        continue;
      }
      const value = toValue(field, texts[field.key] ?? '');
      if (value !== undefined) userConfig[field.key] = value;
    }
    const result = await call('bundles.install', { source, userConfig });
    setBusy(false);
    if (!result.ok) return setProblem(errorText(t, result.error));
    notify({ tone: 'success', titleKey: 'bundles:installed', values: { name: preview.displayName, version: preview.version } });
    onClose();
  };

  const signed = preview.signature.status === 'signed' || preview.signature.status === 'self-signed';
  const footer = (
    <>
      <span className="spacer" />
      <button type="button" className="btn" onClick={onClose}>
        {t('common:cancel')}
      </button>
      <button type="button" className="btn btn-primary" disabled={busy} data-testid="bundle-install-confirm" onClick={() => void install()}>
        {busy ? <span className="spinner" aria-hidden /> : null}
        {preview.installedVersion ? t('update', { from: preview.installedVersion, to: preview.version }) : t('install')}
      </button>
    </>
  );

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onClose())} wide testId="bundle-dialog" title={t('title', { name: preview.displayName })} description={preview.description} footer={footer}>
      {problem ? (
        <div className="callout callout-danger sv-form-problem" role="alert">
          <XCircle aria-hidden /> <span>{problem}</span>
        </div>
      ) : null}
      <dl className="sv-bundle-facts">
        <dt>{t('version')}</dt>
        <dd data-testid="bundle-version">{preview.version}</dd>
        <dt>{t('author')}</dt>
        <dd>{preview.author}</dd>
        <dt>{t('runtime')}</dt>
        <dd>{preview.serverType}{preview.compatibility.runtimes ? ` (${Object.entries(preview.compatibility.runtimes).map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}</dd>
        <dt>{t('platforms')}</dt>
        <dd>{preview.compatibility.platforms?.join(', ') ?? t('anyPlatform')}</dd>
        <dt>{t('signature')}</dt>
        <dd data-testid="bundle-signature" className="row">
          {signed ? <ShieldCheck size={16} aria-hidden /> : <ShieldAlert size={16} aria-hidden />}
          {t(`signatureStatus.${preview.signature.status}`)}
          {'publisher' in preview.signature && preview.signature.publisher ? ` — ${preview.signature.publisher}` : ''}
        </dd>
        <dt>{t('tools')}</dt>
        <dd data-testid="bundle-tools">{preview.tools.length ? preview.tools.map((tool) => tool.name).join(', ') : t('none')}</dd>
        {preview.prompts.length ? (
          <>
            <dt>{t('prompts')}</dt>
            <dd>{preview.prompts.map((prompt) => prompt.name).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      {preview.userConfig.length ? <h3 className="sv-bundle-config-title">{t('settings')}</h3> : null}
      {preview.userConfig.map((field) => (
        <div key={field.key} className="field">
          <label className="field-label" htmlFor={`bundle-${field.key}`}>
            {field.title}
            {field.required ? ' *' : ''}
          </label>
          {isPath(field) ? (
            <BundlePathField
              field={field}
              inputId={`bundle-${field.key}`}
              placeholder={field.hasStoredValue ? t('keep') : t(field.type === 'file' ? 'filePlaceholder' : 'pathPlaceholder')}
              paths={paths[field.key] ?? []}
              onChange={(update) => setPaths((now) => ({ ...now, [field.key]: update(now[field.key] ?? []) }))}
            />
          ) : field.type === 'boolean' ? (
            <input id={`bundle-${field.key}`} type="checkbox" checked={texts[field.key] === 'true'} onChange={(e) => setTexts({ ...texts, [field.key]: String(e.target.checked) })} />
          ) : (
            <input
              id={`bundle-${field.key}`}
              className="input"
              type={field.sensitive ? 'password' : field.type === 'number' ? 'number' : 'text'}
              autoComplete="off"
              value={texts[field.key] ?? ''}
              placeholder={field.hasStoredValue ? t('keep') : field.default !== undefined ? String(field.default) : ''}
              onChange={(e) => setTexts({ ...texts, [field.key]: e.target.value })}
            />
          )}
          <p className="field-hint">{field.description}</p>
        </div>
      ))}
    </Dialog>
  );
}
