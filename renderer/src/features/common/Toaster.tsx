/** Renders the store's notices as Radix toasts (announced to screen readers, swipe/Esc to dismiss). */
import * as Toast from '@radix-ui/react-toast';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import type { Notice } from '../../store/noticesSlice.ts';
import { errorTitle } from './errorText.ts';

const icons = { success: CheckCircle2, error: XCircle, warning: AlertTriangle, info: Info } as const;

function NoticeToast({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const dismiss = useStore((s) => s.dismissNotice);
  const Icon = icons[notice.tone];
  const codeText = notice.code ? errorTitle(t, { code: notice.code, message: '' }) : '';
  const ownDetail = notice.detailKey ? t(notice.detailKey, notice.values ?? {}) : notice.detail;
  const detail = [codeText, ownDetail].filter(Boolean).join(' — ');
  return (
    <Toast.Root
      className={`toast toast-${notice.tone}`}
      duration={notice.tone === 'error' ? 9000 : 4500}
      type={notice.tone === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) dismiss(notice.id);
      }}
      data-testid="toast"
    >
      <Icon className="toast-icon" aria-hidden />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Toast.Title className="toast-title">{t(notice.titleKey, notice.values ?? {})}</Toast.Title>
        {detail ? <Toast.Description className="toast-description">{detail}</Toast.Description> : null}
      </div>
      <Toast.Close className="icon-btn" aria-label={t('common:dismiss')}>
        <X />
      </Toast.Close>
    </Toast.Root>
  );
}

/** The toast region; mount once inside the app. */
export function Toaster() {
  const notices = useStore((s) => s.notices);
  const { t } = useTranslation('common');
  return (
    <Toast.Provider swipeDirection="right" label={t('notifications')}>
      {notices.map((notice) => (
        <NoticeToast key={notice.id} notice={notice} />
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
