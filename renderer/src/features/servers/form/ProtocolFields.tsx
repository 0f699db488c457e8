/** The server's protocol choice (auto or a pinned revision) and the least severe log message it should send. */
import { useTranslation } from 'react-i18next';
import { logLevels, protocolChoices, type LogLevel, type ProtocolChoice } from '../../../../../shared/serverConfig.ts';
import type { FieldsProps } from './TransportFields.tsx';

/** Two selects: Protocol and Server log level. */
export function ProtocolFields({ form }: Pick<FieldsProps, 'form'>) {
  const { t } = useTranslation('serverProtocol');
  const { state, update } = form;
  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor="server-protocol">
          {t('form.protocol')}
        </label>
        <select id="server-protocol" className="input" value={state.protocol} onChange={(e) => update({ protocol: e.target.value as ProtocolChoice })}>
          {protocolChoices.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 'auto' ? t('form.protocolAuto') : choice}
            </option>
          ))}
        </select>
        <p className="field-hint">{t('form.protocolHint')}</p>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="server-log-level">
          {t('form.logLevel')}
        </label>
        <select id="server-log-level" className="input" value={state.logLevel} onChange={(e) => update({ logLevel: e.target.value as LogLevel })}>
          {logLevels.map((level) => (
            <option key={level} value={level}>
              {t(`level.${level}`)}
            </option>
          ))}
        </select>
        <p className="field-hint">{t('form.logLevelHint')}</p>
      </div>
    </>
  );
}
