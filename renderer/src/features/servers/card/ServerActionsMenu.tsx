/**
 * A server card's "more" menu (edit, log, sign out, delete). Until first opened it is a plain button: a Radix menu in
 * every card was part of what mounting a card cost (issue 12). Opening it (click, Enter, Space or ArrowDown) mounts
 * the menu already open; a keyboard opening puts focus on the first item, as the menu button pattern asks.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { LogOut, MoreHorizontal, Pencil, Terminal, Trash2 } from 'lucide-react';
import { useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of ServerActionsMenu. */
export interface ServerActionsMenuProps {
  serverId: string;
  onEdit: () => void;
  onShowLog: () => void;
  /** Present when the server can be signed out of. */
  onSignOut?: (() => void) | undefined;
  onDelete: () => void;
}

/** The trigger, and the menu from its first opening on. */
export function ServerActionsMenu({ serverId, onEdit, onShowLog, onSignOut, onDelete }: ServerActionsMenuProps) {
  const { t } = useTranslation('servers');
  // undefined: never opened (no menu mounted); otherwise whether it is open and whether a key opened it.
  const [state, setState] = useState<{ open: boolean; byKey: boolean } | undefined>(undefined);
  const label = t('serverActions', { name: serverId });
  if (!state) {
    const openBy = (byKey: boolean) => setState({ open: true, byKey });
    return (
      <button
        type="button"
        className="icon-btn"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        // A click from Enter or Space has no pointer detail.
        onClick={(event: MouseEvent) => openBy(event.detail === 0)}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          openBy(true);
        }}
      >
        <MoreHorizontal />
      </button>
    );
  }
  return (
    <Menu.Root open={state.open} onOpenChange={(open) => setState({ open, byKey: false })}>
      <Menu.Trigger className="icon-btn" aria-label={label}>
        <MoreHorizontal />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="menu-content"
          align="end"
          sideOffset={4}
          // The menu focuses itself when it opens; after a key opened it, focus goes on to the first item.
          onFocus={(event: FocusEvent<HTMLDivElement>) => {
            if (!state.byKey || event.target !== event.currentTarget) return;
            setState({ open: true, byKey: false });
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
        >
          <Menu.Item className="menu-item" onSelect={onEdit}>
            <Pencil /> {t('edit')}
          </Menu.Item>
          <Menu.Item className="menu-item" onSelect={onShowLog}>
            <Terminal /> {t('showLog')}
          </Menu.Item>
          {onSignOut ? (
            <Menu.Item className="menu-item" onSelect={onSignOut}>
              <LogOut /> {t('signOut.menu')}
            </Menu.Item>
          ) : null}
          <Menu.Separator className="menu-separator" />
          <Menu.Item className="menu-item menu-item-danger" onSelect={onDelete}>
            <Trash2 /> {t('delete')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
