/**
 * "Waiting for you": a button with the number of waiting decisions, reachable from every screen (it sits in the
 * sidebar), opening the list of them with their chat or server; choosing one goes to it. It also offers web mode's
 * "Notify me", the one place the browser is asked for permission (a click, never on load).
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Bell, BellRing, Check, MessageCircleQuestion, ShieldQuestion, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import type { PendingItem } from './attentionModel.ts';
import { openItem } from './openItem.ts';
import { usePendingItems } from './usePendingItems.ts';
import { askNotificationPermission, notificationPermission } from './webNotifications.ts';
import './attention.css';

const kindIcons = { approval: ShieldQuestion, elicitation: MessageCircleQuestion, sampling: Sparkles } as const;

function ItemRow({ item }: { item: PendingItem }) {
  const { t } = useTranslation('attention');
  const chat = useStore((s) => (item.chatId ? s.chatList.find((c) => c.id === item.chatId)?.title : undefined));
  const Icon = kindIcons[item.kind];
  return (
    <>
      <Icon aria-hidden />
      <span className="att-item-text">
        <span className="att-item-what">{t(`waiting.${item.kind}`, { tool: item.subject, server: item.serverId, message: item.subject })}</span>
        <span className="att-item-where">{item.chatId ? t('waiting.inChat', { chat: chat ?? t('waiting.untitled') }) : t('waiting.noChat')}</span>
      </span>
    </>
  );
}

/** The notification switch of web mode: ask (from this click), on, or blocked. */
function NotifyItem() {
  const { t } = useTranslation('attention');
  const [permission, setPermission] = useState(notificationPermission);
  if (permission === 'unsupported') return null;
  if (permission !== 'default') {
    return (
      <div className="att-notify-state" role="note">
        {permission === 'granted' ? <Check aria-hidden /> : <Bell aria-hidden />}
        {permission === 'granted' ? t('waiting.notifyOn') : t('waiting.notifyBlocked')}
      </div>
    );
  }
  return (
    <Menu.Item
      className="menu-item"
      onSelect={(e) => {
        e.preventDefault();
        void askNotificationPermission().then(setPermission);
      }}
    >
      <BellRing aria-hidden /> {t('waiting.notifyMe')}
    </Menu.Item>
  );
}

/** The button and its list; `compact` shows only the icon and the count (collapsed sidebar). */
export function WaitingMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('attention');
  const items = usePendingItems();
  const navigate = useStore((s) => s.navigate);
  const count = items.length;
  const label = count > 0 ? t('waiting.count', { count }) : t('waiting.title');
  return (
    <Menu.Root>
      <Menu.Trigger className={`att-button${count > 0 ? ' has-waiting' : ''}${compact ? ' is-compact' : ''}`} aria-label={label} data-testid="waiting-button">
        {count > 0 ? <BellRing aria-hidden /> : <Bell aria-hidden />}
        {/* The words on the button are its name (axe: label-content-name-mismatch); collapsed, the bare count is. */}
        {compact ? null : <span className="att-button-text">{label}</span>}
        {count > 0 && compact ? (
          <span className="att-count" aria-hidden>
            {count}
          </span>
        ) : null}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu-content att-menu" align="start" side="right" sideOffset={8} aria-label={t('waiting.title')} data-testid="waiting-list">
          <Menu.Label className="att-menu-title">{label}</Menu.Label>
          {count === 0 ? <p className="att-empty">{t('waiting.empty')}</p> : null}
          {items.map((item) => (
            <Menu.Item key={item.id} className="menu-item att-item" data-kind={item.kind} onSelect={() => openItem(item, navigate)}>
              <ItemRow item={item} />
            </Menu.Item>
          ))}
          {notificationPermission() === 'unsupported' ? null : (
            <>
              <Menu.Separator className="menu-separator" />
              <NotifyItem />
            </>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
