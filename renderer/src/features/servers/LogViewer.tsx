/** A server's live log: the recent lines ('servers.logs') then every new one ('server.log'), following the end. */
import { ArrowDownToLine, Copy } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogLine } from '../../../../shared/servers.ts';
import { useStore } from '../../store/index.ts';
import { selectLogs } from '../../store/serversSlice.ts';
import { logLevels } from '../../../../shared/serverConfig.ts';
import { filterLines, levelRank, type LogFilter } from './logLevel/logLevelFilter.ts';
import './logLevel/logLevel.css';
import { errorMessage } from '../common/errorText.ts';

// In the language the app is shown in, not the browser's; 24-hour, as logs are read by the second.
const time = (at: number, language: string) => new Date(at).toLocaleTimeString(language, { hour12: false });

function lineClass(line: LogLine): string {
  const level = (line.level ?? '').toLowerCase();
  if (level === 'error' || level === 'critical' || level === 'alert' || level === 'emergency') return 'sv-log-line sv-log-error';
  if (level === 'warning' || level === 'warn') return 'sv-log-line sv-log-warn';
  return `sv-log-line sv-log-${line.stream}`;
}

/** Props of LogViewer. */
export interface LogViewerProps {
  serverId: string;
}

/** Loads and follows one server's log. */
export function LogViewer({ serverId }: LogViewerProps) {
  const { t, i18n } = useTranslation('servers');
  const { t: tp } = useTranslation('serverProtocol');
  const allLines = useStore(selectLogs(serverId));
  const [filter, setFilter] = useState<LogFilter>('all');
  const lines = useMemo(() => filterLines(allLines, filter), [allLines, filter]);
  const loadLogs = useStore((s) => s.loadLogs);
  const notify = useStore((s) => s.notify);
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);
  // Follow the end unless the user scrolled up to read something.
  const following = useRef(true);
  const [showJump, setShowJump] = useState(false);

  // Load on open and again after a reconnect: lines streamed while the link was down never arrived as events.
  const online = useStore((s) => s.connection === 'open');
  useEffect(() => {
    if (!online) return;
    void loadLogs(serverId).then((r) => setFailed(r.ok ? undefined : errorMessage(t, r.error)));
  }, [serverId, loadLogs, online]);

  useLayoutEffect(() => {
    const el = box.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [lines]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    following.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
    setShowJump(!following.current);
  };

  const copy = async () => {
    const text = lines.map((l) => `${new Date(l.at).toISOString()} [${l.stream}${l.level ? `/${l.level}` : ''}] ${l.text}`).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      notify({ tone: 'success', titleKey: 'servers:log.copied' });
    } catch {
      notify({ tone: 'error', titleKey: 'servers:log.copyFailed' });
    }
  };

  return (
    <div className="sv-log">
      <div className="sv-log-toolbar">
        <span className="muted">{t('log.lines', { count: lines.length })}</span>
        <span className="spacer" />
        <label className="sv-log-filter">
          {tp('logFilter.label')}{' '}
          <select value={filter} onChange={(event) => setFilter(event.target.value as LogFilter)} data-testid="log-level-filter">
            <option value="all">{tp('logFilter.all')}</option>
            {logLevels.map((level) => (
              <option key={level} value={level}>
                {tp('logFilter.atLeast', { level: tp(`level.${level}`) })}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => void copy()} disabled={lines.length === 0}>
          <Copy /> {t('log.copy')}
        </button>
      </div>
      <div ref={box} className="sv-log-body" role="log" aria-live="polite" aria-label={t('log.label', { name: serverId })} tabIndex={0} onScroll={onScroll} data-testid="log-viewer">
        {failed ? <p className="sv-log-empty">{t('log.failed', { message: failed })}</p> : null}
        {!failed && lines.length === 0 ? <p className="sv-log-empty">{t('log.empty')}</p> : null}
        {lines.map((line) => (
          <div key={line.seq} className={lineClass(line)}>
            <span className="sv-log-time">{time(line.at, i18n.language)}</span>
            <span className="sv-log-stream">{t(`log.stream.${line.stream}`)}</span>
            {line.level ? (
              <span className="sv-log-level" data-level={line.level}>
                {levelRank(line.level) !== undefined ? tp(`level.${logLevels[levelRank(line.level) ?? 0]}`) : line.level}
              </span>
            ) : null}
            <span className="sv-log-text">{line.text}</span>
          </div>
        ))}
      </div>
      {showJump ? (
        <button
          type="button"
          className="btn btn-sm sv-log-jump"
          onClick={() => {
            following.current = true;
            setShowJump(false);
            if (box.current) box.current.scrollTop = box.current.scrollHeight;
          }}
        >
          <ArrowDownToLine /> {t('log.jump')}
        </button>
      ) : null}
    </div>
  );
}
