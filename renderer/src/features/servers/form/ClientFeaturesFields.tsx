/**
 * What the server may ask of Switchboard: the folders it is told about (roots) and whether its sampling requests run
 * without asking. Roots are typed as paths or chosen with "Choose folder…" (the OS dialog on the desktop, the host's
 * folder browser in web mode).
 */
import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FieldsProps } from './TransportFields.tsx';
import { ChooseFolderButton } from '../roots/ChooseFolderButton.tsx';

/** Roots list and the "always allow sampling" switch. */
export function ClientFeaturesFields({ form, message }: FieldsProps) {
  const { t } = useTranslation('servers');
  const { state, update, touch } = form;
  const roots = state.roots;
  const set = (index: number, value: string) => update({ roots: roots.map((root, i) => (i === index ? value : root)) });
  return (
    <div className="field" data-testid="server-client-features">
      <span className="field-label" id="roots-label">
        {t('form.roots')}
      </span>
      <p className="field-hint">{t('form.rootsHint')}</p>
      <div className="sv-list-editor" role="group" aria-labelledby="roots-label">
        {roots.map((root, index) => (
          <div className="sv-list-row" key={index}>
            <input
              className="input mono"
              value={root}
              placeholder="/home/me/project"
              aria-label={t('form.rootN', { n: index + 1 })}
              aria-invalid={Boolean(message(`roots.${index}`))}
              onChange={(e) => set(index, e.target.value)}
              onBlur={() => touch(`roots.${index}`)}
            />
            <button type="button" className="icon-btn" aria-label={t('form.removeRoot', { n: index + 1 })} onClick={() => update({ roots: roots.filter((_, i) => i !== index) })}>
              <X />
            </button>
            {message(`roots.${index}`) ? <p className="field-error sv-row-error">{message(`roots.${index}`)}</p> : null}
          </div>
        ))}
        <button type="button" className="btn btn-sm btn-ghost sv-add-row" onClick={() => update({ roots: [...roots, ''] })}>
          <Plus /> {t('form.addRoot')}
        </button>
        <ChooseFolderButton start={roots.at(-1)?.trim() || undefined} onChosen={(path) => update({ roots: [...roots.filter((root) => root.trim() !== ''), path] })} />
      </div>
      <div className="sv-switch-row">
        <input id="server-allow-sampling" type="checkbox" role="switch" checked={state.allowSampling} onChange={(e) => update({ allowSampling: e.target.checked })} />
        <label htmlFor="server-allow-sampling">{t('form.allowSampling')}</label>
      </div>
      <p className="field-hint">{t('form.allowSamplingHint')}</p>
    </div>
  );
}
