/**
 * Mounted once by the app: keeps the sampling mirror, the window title's count, the screen-reader announcement and
 * the web notifications in step with the waiting decisions, and binds Alt+Shift+A (focus the oldest approval).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import { useSampling } from '../sampling/useSampling.ts';
import { arrivals, windowTitle, type PendingItem } from './attentionModel.ts';
import { focusApproval } from './focusTargets.ts';
import { openItem } from './openItem.ts';
import { useSamplingMirror } from './samplingMirror.ts';
import { isReachApprovalKey, reachApprovalLabel } from './shortcuts.ts';
import { usePendingItems } from './usePendingItems.ts';
import { closeNotificationsExcept, showDecisionNotification } from './webNotifications.ts';

const baseTitle = 'Switchboard';

/** The sentence saying what waits (announcement and notification body). */
function useDescribe(): (item: PendingItem) => string {
  const { t } = useTranslation('attention');
  const chats = useStore((s) => s.chatList);
  return (item) => {
    const chat = item.chatId ? chats.find((c) => c.id === item.chatId)?.title : undefined;
    const where = chat ? ` ${t('waiting.inChat', { chat })}` : '';
    return `${t(`waiting.${item.kind}`, { tool: item.subject, server: item.serverId, message: item.subject })}${where}`;
  };
}

/** Feeds the sampling mirror from the host (one subscription for every badge). */
function SamplingFeed() {
  const { pending } = useSampling();
  const setSamplings = useSamplingMirror((s) => s.setSamplings);
  useEffect(() => setSamplings(pending), [pending, setSamplings]);
  return null;
}

/** The attention machinery; renders only a visually hidden live region. */
export function AttentionHost() {
  const { t } = useTranslation('attention');
  const items = usePendingItems();
  const navigate = useStore((s) => s.navigate);
  const describe = useDescribe();
  const seen = useRef(new Set<string>());
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    document.title = windowTitle(baseTitle, items.length);
  }, [items.length]);

  useEffect(() => {
    const fresh = arrivals(seen.current, items);
    closeNotificationsExcept(seen.current);
    if (fresh.length === 0) return;
    const newest = fresh[fresh.length - 1];
    if (newest) setAnnouncement(`${describe(newest)}. ${newest.kind === 'approval' ? t('announce.reach', { shortcut: reachApprovalLabel }) : ''}`.trim());
    for (const item of fresh) {
      showDecisionNotification({ tag: item.id, title: t(`notification.${item.kind}`), body: describe(item), onClick: () => openItem(item, navigate) });
    }
    // Only `items`: each arrival is announced once, a chat renamed (a new `describe`) must not repeat it.
  }, [items]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isReachApprovalKey(e)) return;
      e.preventDefault();
      if (!focusApproval()) setAnnouncement(t('announce.none'));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [t]);

  return (
    <>
      <SamplingFeed />
      <div className="visually-hidden" role="status" aria-live="assertive" aria-atomic="true" data-testid="attention-announcer">
        {announcement}
      </div>
    </>
  );
}
