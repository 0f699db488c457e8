/** The composer's Attach menu: files from this computer (a file picker) or a resource from a server (AttachDialog). */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip, Server, Upload } from 'lucide-react';

/** The menu button; `onFiles` receives picked files, `onResource` opens the resource dialog. */
export function AttachMenu({ onFiles, onResource }: { onFiles: (files: File[]) => void; onResource: () => void }) {
  const { t } = useTranslation('attachments');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Menu.Root>
        <Menu.Trigger asChild>
          <button type="button" className="chat-composer-chip" aria-label={t('menu.trigger')}>
            <Paperclip size={14} aria-hidden />
            <span className="chat-composer-chip-text">{t('menu.short')}</span>
          </button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="menu-content" side="top" align="start" sideOffset={6}>
            <Menu.Item className="menu-item" onSelect={() => input.current?.click()}>
              <Upload size={14} aria-hidden />
              <span>{t('menu.files')}</span>
            </Menu.Item>
            <Menu.Item className="menu-item" onSelect={onResource}>
              <Server size={14} aria-hidden />
              <span>{t('menu.resource')}</span>
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {/* Any type may be picked: the host reads what the file really is from its bytes and says when it cannot send it. */}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="attach-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
