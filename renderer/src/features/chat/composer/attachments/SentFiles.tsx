/** A file on a sent message: an image's thumbnail (fetched from the host, not a file:// path) or a PDF/text chip. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../../../../shared/attachments.ts';
import type { FileAttachmentBlock } from '../../../../../../shared/chat.ts';
import { call } from '../../../../bridge/index.ts';
import { VisibleText } from '../../../common/VisibleText.tsx';
import { FileKindIcon } from './FileChips.tsx';
import './attachments.css';

// Thumbnails already fetched (small WebP data URLs), so scrolling back through a chat does not ask again.
const thumbnails = new Map<string, string>();

function useThumbnail(chatId: string, block: FileAttachmentBlock): string | undefined {
  const key = `${chatId}/${block.id}`;
  const [url, setUrl] = useState(() => thumbnails.get(key));
  useEffect(() => {
    if (block.kind !== 'image' || thumbnails.has(key)) return;
    let live = true;
    void call('attachments.thumbnail', { chatId, id: block.id }).then((result) => {
      if (!result.ok) return;
      thumbnails.set(key, result.value.dataUrl);
      if (live) setUrl(result.value.dataUrl);
    });
    return () => {
      live = false;
    };
  }, [chatId, block.id, block.kind, key]);
  return url;
}

/** One sent file. */
export function SentFile({ chatId, block }: { chatId: string; block: FileAttachmentBlock }) {
  const { t } = useTranslation('attachments');
  const thumbnail = useThumbnail(chatId, block);
  const details = block.kind === 'pdf' ? t('sent.pages', { count: block.pages ?? 1 }) : block.kind === 'image' && block.width && block.height ? `${block.width}×${block.height}` : formatBytes(block.size);
  return (
    <div className="chat-file is-sent" data-kind={block.kind} data-testid="sent-file" title={`${block.name} · ${details}`}>
      {/* An image's box keeps its size while the thumbnail loads, so the (virtualized) list does not jump. */}
      {thumbnail ? (
        <img className="chat-file-thumb is-large" src={thumbnail} alt={t('sent.imageAlt', { name: block.name })} />
      ) : block.kind === 'image' ? (
        <span className="chat-file-thumb is-large is-placeholder" aria-hidden />
      ) : (
        <FileKindIcon kind={block.kind} />
      )}
      <span className="chat-file-name">
        <VisibleText text={block.name} />
      </span>
      <span className="chat-file-details">{details}</span>
    </div>
  );
}
