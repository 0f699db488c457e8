/** What "Test connection" found: the status, the server's identity, its tools and counts, and stderr on failure. */
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TestConnectionReport } from '../../../../../shared/servers.ts';
import { revealInvisible } from '../../../../../shared/visibleText.ts';
import { VisibleText } from '../../common/VisibleText.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import { StderrTail } from '../StderrTail.tsx';
import { ErrorHints } from '../ErrorHints.tsx';
import { hostText } from '../../common/errorText.ts';

/** Props of TestReport. */
export interface TestReportProps {
  report: TestConnectionReport;
}

/** The test result panel shown inside the form before saving. */
export function TestReport({ report }: TestReportProps) {
  const { t } = useTranslation('servers');
  const { status } = report;
  const ok = status.state === 'ready';
  return (
    <section className={ok ? 'sv-test sv-test-ok' : 'sv-test sv-test-failed'} aria-live="polite" data-testid="test-report">
      <div className="row">
        {ok ? <CheckCircle2 className="sv-test-icon" aria-hidden /> : <AlertTriangle className="sv-test-icon" aria-hidden />}
        <strong>{ok ? t('test.ok') : t('test.failed')}</strong>
        <span className="spacer" />
        <StatusBadge status={status} />
      </div>
      {status.state === 'ready' ? (
        <>
          <p className="sv-test-line">
            {t('test.identity', { name: status.serverName, version: status.serverVersion, protocol: status.protocolVersion, era: t(`era.${status.era}`) })}
          </p>
          <p className="sv-test-line muted">
            {t('counts.tools', { count: report.tools.length })} · {t('counts.resources', { count: report.resources })} · {t('counts.prompts', { count: report.prompts })}
          </p>
          {report.tools.length > 0 ? (
            <ul className="sv-test-tools" aria-label={t('test.toolsFound')}>
              {report.tools.slice(0, 40).map((tool) => (
                <li key={tool.name} title={tool.description !== undefined ? revealInvisible(tool.description, { multiline: true }) : undefined}>
                  <code>
                    <VisibleText text={tool.name} />
                  </code>
                </li>
              ))}
              {report.tools.length > 40 ? <li className="muted">{t('test.more', { count: report.tools.length - 40 })}</li> : null}
            </ul>
          ) : null}
        </>
      ) : (
        <>
          {'message' in status ? <p className="sv-test-line">{'text' in status && status.text ? hostText(t, status.text) : status.message}</p> : null}
          {status.state === 'error' && status.hints ? <ErrorHints hints={status.hints} searched={status.searched} /> : null}
          {status.state === 'auth_required' ? <p className="sv-test-line muted">{t('test.signInAfterAdding')}</p> : null}
          <StderrTail lines={report.stderrTail.length ? report.stderrTail : status.state === 'error' ? status.stderrTail : []} />
        </>
      )}
    </section>
  );
}
