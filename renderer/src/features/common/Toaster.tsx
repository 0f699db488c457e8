/**
 * Renders the store's notices in a strip the layout reserves: at the top of the main area, which moves down to make
 * room (see toaster.css), and across the top of the window while a modal dialog is open, the dialog moving down the
 * same way. So a toast never covers the composer, a dialog's footer or any button. At most three show; the rest wait
 * behind a "+N" and show as the first ones go. Timers never pause on hover (nothing is under a toast to wait for);
 * they pause only while keyboard focus is inside a toast, so it can be read and dismissed.
 */
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import type { Notice } from '../../store/noticesSlice.ts';
import { errorTitle, hostText } from './errorText.ts';
import { useReservedStrip } from './useReservedStrip.ts';
import './toaster.css';

const icons = { success: CheckCircle2, error: XCircle, warning: AlertTriangle, info: Info } as const;

/** How many toasts show at once. */
export const visibleToasts = 3;

/** The toast's text: its title, then the error code's meaning and its detail. */
function useNoticeText(notice: Notice): { title: string; detail: string } {
  const { t } = useTranslation();
  const codeText = notice.code ? errorTitle(t, { code: notice.code, message: '' }) : '';
  const ownDetail = notice.detailKey ? t(notice.detailKey, notice.values ?? {}) : notice.detailText ? hostText(t, notice.detailText) : notice.detail;
  return { title: t(notice.titleKey, notice.values ?? {}), detail: [codeText, ownDetail].filter(Boolean).join(' — ') };
}

function NoticeToast({ notice }: { notice: Notice }) {
  const { t } = useTranslation('common');
  const dismiss = useStore((s) => s.dismissNotice);
  const { title, detail } = useNoticeText(notice);
  const [focused, setFocused] = useState(false);
  const Icon = icons[notice.tone];
  useEffect(() => {
    if (focused) return;
    const timer = window.setTimeout(() => dismiss(notice.id), notice.tone === 'error' ? 9000 : 4500);
    return () => window.clearTimeout(timer);
  }, [focused, dismiss, notice.id, notice.tone]);
  return (
    <li
      className={`toast toast-${notice.tone}`}
      data-testid="toast"
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocused(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') dismiss(notice.id);
      }}
    >
      <Icon className="toast-icon" aria-hidden />
      <div className="toast-text">
        <div className="toast-title">{title}</div>
        {detail ? <div className="toast-description">{detail}</div> : null}
      </div>
      <button type="button" className="icon-btn" aria-label={t('dismiss')} onClick={() => dismiss(notice.id)}>
        <X />
      </button>
    </li>
  );
}

/** Says each new notice once in a live region (errors assertively), as the toasts themselves come and go. */
function Announcer({ notices }: { notices: Notice[] }) {
  const lastId = useRef(0);
  const [said, setSaid] = useState<{ text: string; urgent: boolean }>({ text: '', urgent: false });
  const newest = notices[notices.length - 1];
  const { title, detail } = useNoticeText(newest ?? { id: 0, tone: 'info', titleKey: '' });
  useEffect(() => {
    if (!newest || newest.id <= lastId.current) return;
    lastId.current = newest.id;
    setSaid({ text: [title, detail].filter(Boolean).join('. '), urgent: newest.tone === 'error' });
  }, [newest, title, detail]);
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {said.urgent ? '' : said.text}
      </div>
      <div className="visually-hidden" role="alert" aria-atomic="true">
        {said.urgent ? said.text : ''}
      </div>
    </>
  );
}

/** The toast strip; mount once inside the app. */
export function Toaster() {
  const notices = useStore((s) => s.notices);
  const sidebarCollapsed = useStore((s) => s.sidebarCollapsed);
  const { t } = useTranslation('attention');
  const { t: tc } = useTranslation('common');
  const shown = notices.slice(0, visibleToasts);
  const waiting = notices.length - shown.length;
  const strip = useReservedStrip(shown.length > 0);
  return createPortal(
    <section className={sidebarCollapsed ? 'toast-strip is-sb-collapsed' : 'toast-strip'} aria-label={tc('notifications')} ref={strip} data-testid="toast-strip">
      <Announcer notices={notices} />
      {shown.length > 0 ? (
        <ol className="toast-list">
          {shown.map((notice) => (
            <NoticeToast key={notice.id} notice={notice} />
          ))}
        </ol>
      ) : null}
      {waiting > 0 ? (
        <span className="toast-more" data-testid="toast-more" title={t('toasts.moreLabel', { count: waiting })}>
          <span aria-hidden>{t('toasts.more', { count: waiting })}</span>
          <span className="visually-hidden">{t('toasts.moreLabel', { count: waiting })}</span>
        </span>
      ) : null}
    </section>,
    document.body,
  );
}
