/** One previewed import entry: include it or not, what it runs, its error or warnings, and how to resolve a clash. */
import { AlertTriangle, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isHttpConfig } from '../../../../../shared/serverConfig.ts';
import type { ImportRow } from './importModel.ts';
import { hostText } from '../../common/errorText.ts';

/** Props of ImportRowView. */
export interface ImportRowViewProps {
  row: ImportRow;
  index: number;
  problem?: string;
  onChange: (row: ImportRow) => void;
}

/** The row of one entry. */
export function ImportRowView({ row, index, problem, onChange }: ImportRowViewProps) {
  const { t } = useTranslation('servers');
  const { entry } = row;
  const config = entry.config;
  const summary = config ? (isHttpConfig(config) ? config.url : [config.command, ...(config.args ?? [])].join(' ')) : undefined;
  const id = `import-${index}`;
  return (
    <li className={entry.error ? 'sv-import-row sv-import-bad' : 'sv-import-row'} data-testid="import-row" data-name={entry.name}>
      <input
        type="checkbox"
        id={id}
        checked={row.selected && !entry.error}
        disabled={Boolean(entry.error)}
        onChange={(e) => onChange({ ...row, selected: e.target.checked })}
        aria-describedby={entry.error ? `${id}-error` : undefined}
      />
      <div className="sv-import-main">
        <label htmlFor={id} className="sv-import-name">
          {entry.name}
          {entry.clash ? <span className="badge badge-warning">{t('import.clash')}</span> : null}
        </label>
        {summary ? <p className="mono muted sv-import-summary">{summary}</p> : null}
        {entry.error ? (
          <p className="field-error" id={`${id}-error`} data-testid="import-error">
            <XCircle size={14} aria-hidden />
            {/* The host's sentence names the field itself; an older host's English may not. */}
            {entry.error.text
              ? hostText(t, entry.error.text)
              : entry.error.field && !entry.error.message.startsWith(`${entry.error.field}:`)
                ? t('import.errorField', { field: entry.error.field, message: entry.error.message })
                : entry.error.message}
          </p>
        ) : null}
        {(entry.warningTexts ? entry.warningTexts.map((w) => hostText(t, w)) : (entry.warnings ?? [])).map((w, i) => (
          <p className="sv-import-warning" key={i}>
            <AlertTriangle size={14} aria-hidden /> {w}
          </p>
        ))}
        {entry.clash && !entry.error && row.selected ? (
          <div className="sv-import-clash" role="radiogroup" aria-label={t('import.resolveFor', { name: entry.name })}>
            <label className="row">
              <input type="radio" name={`${id}-res`} checked={row.resolution === 'rename'} onChange={() => onChange({ ...row, resolution: 'rename' })} />
              {t('import.rename')}
            </label>
            <input
              className="input mono sv-import-newname"
              value={row.newName}
              disabled={row.resolution !== 'rename'}
              aria-label={t('import.newName', { name: entry.name })}
              aria-invalid={Boolean(problem)}
              onChange={(e) => onChange({ ...row, newName: e.target.value })}
            />
            <label className="row">
              <input type="radio" name={`${id}-res`} checked={row.resolution === 'replace'} onChange={() => onChange({ ...row, resolution: 'replace' })} />
              {t('import.replace')}
            </label>
            {problem ? <p className="field-error">{t(problem)}</p> : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
