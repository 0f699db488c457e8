/**
 * One catalog entry: what it is, where it comes from, the exact command (or URL) it runs, and only the inputs it
 * requires (secrets as password fields). Install hands the filled-in config to the add form.
 */
import { ExternalLink } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../../shared/catalog/catalog.ts';
import { describeRun, installOptions, planInstall, previewValues, suggestedName, type InstallOption } from '../../../../../shared/catalog/install.ts';
import type { ServerJson } from '../../../../../shared/catalog/serverJson.ts';
import type { ServerConfig } from '../../../../../shared/serverConfig.ts';
import { useStore } from '../../../store/index.ts';
import { Dialog } from '../../common/Dialog.tsx';
import { useOpenExternal } from '../../common/openExternal.ts';
import { Segmented } from '../../common/Segmented.tsx';
import { VisibleText } from '../../common/VisibleText.tsx';
import { freeName } from '../templates/templates.ts';
import { registryLabels } from './BrowseTab.tsx';
import { RequiredInputFields } from './RequiredInputFields.tsx';

/** Props of CatalogDetailDialog. */
export interface CatalogDetailDialogProps {
  entry: ServerJson;
  onClose: () => void;
  onInstall: (name: string, config: ServerConfig) => void;
}

const optionKey = (option: InstallOption): string => `${option.kind}-${option.index}`;

/** The detail view with Install. */
export function CatalogDetailDialog({ entry, onClose, onInstall }: CatalogDetailDialogProps) {
  const { t } = useTranslation('browse');
  const servers = useStore((s) => s.servers);
  const openExternal = useOpenExternal();
  const options = useMemo(() => installOptions(entry), [entry]);
  const [chosenKey, setChosenKey] = useState(options[0] ? optionKey(options[0]) : '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const option = options.find((o) => optionKey(o) === chosenKey);
  const plan = option ? planInstall(entry, option, values) : undefined;
  const preview = option && plan ? describeRun(planInstall(entry, option, previewValues(plan.inputs, values)).config) : undefined;
  const links = [entry.websiteUrl, entry.repository?.url].filter((u, i, all): u is string => Boolean(u) && all.indexOf(u) === i);

  const install = () => {
    setAttempted(true);
    if (!plan || plan.missing.length > 0) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="catalog-detail"] [aria-invalid="true"]')?.focus());
      return;
    }
    onInstall(freeName(suggestedName(entry), servers.map((s) => s.id)), plan.config);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      wide
      testId="catalog-detail"
      title={<VisibleText text={displayName(entry)} />}
      description={<VisibleText text={entry.description} multiline />}
      footer={
        <>
          <span className="spacer" />
          <button type="button" className="btn" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button type="button" className="btn btn-primary" disabled={!option} onClick={install}>
            {t('install')}
          </button>
        </>
      }
    >
      <p className="muted br-meta">
        <VisibleText className="mono" text={entry.name} /> · {t('version', { version: entry.version })}
        {entry.status === 'deprecated' ? <> · {t('deprecatedHint')}</> : null}
      </p>
      {links.length ? (
        <p className="br-links">
          {links.map((url) => (
            <button key={url} type="button" className="btn btn-ghost btn-sm" onClick={() => void openExternal(url)}>
              <ExternalLink aria-hidden /> {url.replace(/^https?:\/\//, '')}
            </button>
          ))}
        </p>
      ) : null}
      {options.length === 0 ? <div className="callout callout-warning">{t('noOption')}</div> : null}
      {options.length > 1 ? (
        <div className="field">
          <span className="field-label" id="catalog-option-label">
            {t('howToRun')}
          </span>
          <Segmented
            labelledBy="catalog-option-label"
            value={chosenKey}
            options={options.map((o) => ({ value: optionKey(o), label: o.kind === 'remote' ? t('kind.remote') : registryLabels[o.registryType] }))}
            onChange={(key) => {
              setChosenKey(key);
              setAttempted(false);
            }}
          />
        </div>
      ) : null}
      {preview !== undefined && option ? (
        <div className="field">
          <span className="field-label">{option.kind === 'remote' ? t('willConnect') : t('willRun')}</span>
          <pre className="sv-command" data-testid="catalog-command">
            {option.kind === 'remote' ? null : (
              <span className="sv-prompt" aria-hidden>
                ${' '}
              </span>
            )}
            {preview}
          </pre>
          <p className="field-hint">{option.kind === 'remote' ? t('remoteHint') : t(`runHint.${option.registryType}`)}</p>
        </div>
      ) : null}
      {plan && plan.inputs.length > 0 ? (
        <RequiredInputFields inputs={plan.inputs} values={values} missing={attempted ? plan.missing : []} onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))} />
      ) : option ? (
        <p className="muted">{t('nothingRequired')}</p>
      ) : null}
    </Dialog>
  );
}
