/** One message: the user's text and attachments, or the assistant's text, thinking and tool calls, with a hover footer. */
import { memo, useMemo, useState } from 'react';
import { Check, Copy, Paperclip, Sparkles } from 'lucide-react';
import type { ChatMessage, ContentBlock } from '../../../../../shared/chat.ts';
import { assertNever } from '../../../../../shared/errors.ts';
import { useStore } from '../../../store/index.ts';
import { selectApprovalFor } from '../../../store/pendingSlice.ts';
import { Markdown } from '../../markdown/Markdown.tsx';
import { ToolCallCard } from '../tools/ToolCallCard.tsx';
import { ToolSearchLine } from '../toolSearch/ToolSearchLine.tsx';
import { CompactionMarker } from '../compaction/CompactionMarker.tsx';
import { ThinkingBlock } from './ThinkingBlock.tsx';
import { SentFile } from '../composer/attachments/SentFiles.tsx';
import { UsageInfo } from './UsageInfo.tsx';
import { BranchSwitcher } from './branches/BranchSwitcher.tsx';
import { EditBox } from './branches/EditBox.tsx';
import { DeleteButton, EditButton, FailedNote, RegenerateButton } from './branches/BranchActions.tsx';
import { versionOf } from '../../../../../shared/branches.ts';
import { notifyError } from '../hooks/appActions.ts';
import { useRowText } from './rowText.ts';
import { afterFirstPaint } from '../../common/afterFirstPaint.ts';

// One formatter per language: building Intl formatters is slow, and a streaming message re-renders every frame.
const timeFormats = new Map<string, Intl.DateTimeFormat>();
function formatTime(at: number, language: string): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
    timeFormats.set(language, format);
  }
  return format.format(at);
}

// The first Intl formatter of a page loads locale data (~19 ms in Chromium): make it at start-up, not in the first reply.
afterFirstPaint(() => {
  const language = document.documentElement.lang || 'en';
  formatTime(Date.now(), language);
  // A tool card's duration and a reply's token counts use number formatting, whose first use loads its data too.
  (1.5).toLocaleString(language, { maximumFractionDigits: 1 });
});

function ToolCall({ block, latest }: { block: Extract<ContentBlock, { type: 'tool_call' }>; latest: boolean }) {
  const pending = useStore(selectApprovalFor(block.id));
  const approval = block.status === 'awaiting_approval' ? pending : undefined;
  const answerApproval = useStore((s) => s.answerApproval);
  return <ToolCallCard block={block} defaultOpen={latest} onAnswerApproval={answerApproval} {...(approval ? { approval } : {})} />;
}

function Block({ block, message, latest, last }: { block: ContentBlock; message: ChatMessage; latest: boolean; last: boolean }) {
  const { chat: t } = useRowText();
  const streaming = message.status === 'streaming' && last;
  switch (block.type) {
    case 'text':
      return message.role === 'user' ? <div className="chat-user-text">{block.text}</div> : <Markdown text={block.text} className={streaming ? 'is-streaming' : undefined} streaming={streaming} />;
    case 'thinking':
      return <ThinkingBlock text={block.thinking} streaming={streaming} />;
    case 'redacted_thinking':
      return <ThinkingBlock text="" redacted />;
    case 'tool_call':
      return <ToolCall block={block} latest={latest} />;
    case 'tool_search':
      return <ToolSearchLine block={block} />;
    case 'attachment':
      return (
        <div className="chat-attachment" title={block.uri}>
          <Paperclip size={13} aria-hidden />
          <span>{block.name ?? block.uri}</span>
          <span className="chat-attachment-server">{t('attachment.from', { server: block.serverId })}</span>
        </div>
      );
    case 'file':
      return <SentFile chatId={message.chatId} block={block} />;
    case 'compaction':
      return <CompactionMarker block={block} />;
    default:
      return assertNever(block);
  }
}

function plainText(message: ChatMessage): string {
  return message.blocks
    .filter((b): b is Extract<ContentBlock, { type: 'text' }> => b.type === 'text')
    .map((b) => b.text)
    .join('\n\n');
}

function CopyButton({ message }: { message: ChatMessage }) {
  const { chat: t } = useRowText();
  const [copied, setCopied] = useState(false);
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(plainText(message));
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" className="chat-msg-action" onClick={() => void copy()} aria-label={copied ? t('message.copied') : t('message.copy')}>
      {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
    </button>
  );
}

/** What a message row needs besides the message. */
interface MessageItemProps {
  message: ChatMessage;
  /** Marks the current turn (its tool cards start open; earlier turns' cards are one line each). */
  latest: boolean;
  /** Follows another assistant message. */
  continued?: boolean;
  /** The chat is answering: edit, regenerate, switch and delete wait. */
  busy?: boolean;
  /** For a user message that got no answer: its failed (or empty stopped) reply, which Retry asks again. */
  failedReplyId?: string;
}

/** A message row. */
export const MessageItem = memo(function MessageItem({ message, latest, continued = false, busy = false, failedReplyId }: MessageItemProps) {
  const { chat: t, language } = useRowText();
  const time = useMemo(() => formatTime(message.createdAt, language), [message.createdAt, language]);
  const [editing, setEditing] = useState(false);
  const editMessage = useStore((s) => s.editMessage);
  const empty = message.blocks.length === 0 || message.blocks.every((b) => b.type === 'text' && b.text === '');
  const versions = versionOf(message) !== undefined;
  if (message.role === 'user') {
    const sendEdit = async (text: string): Promise<boolean> => {
      const result = await editMessage(message.chatId, message.id, text);
      if (!result.ok) {
        notifyError('branches:toast.editFailed', result.error);
        return false;
      }
      setEditing(false);
      return true;
    };
    return (
      <div className={`chat-msg is-user${failedReplyId ? ' is-failed' : ''}`} data-message-id={message.id}>
        {editing ? (
          <EditBox initial={plainText(message)} onSend={sendEdit} onCancel={() => setEditing(false)} />
        ) : (
          <div className="chat-user-bubble">
            {message.blocks.map((block, i) => (
              <Block key={i} block={block} message={message} latest={false} last={false} />
            ))}
          </div>
        )}
        {failedReplyId && !editing && <FailedNote message={message} replyId={failedReplyId} disabled={busy} onEdit={() => setEditing(true)} />}
        <div className={`chat-msg-footer${versions ? ' has-versions' : ''}`}>
          <time dateTime={new Date(message.createdAt).toISOString()}>{time}</time>
          <CopyButton message={message} />
          {!editing && <EditButton disabled={busy} onEdit={() => setEditing(true)} />}
          {versions && <DeleteButton message={message} disabled={busy} />}
          <BranchSwitcher message={message} disabled={busy} />
        </div>
      </div>
    );
  }
  // A reply that failed before writing anything: the notice under it says everything, an empty avatar would not.
  if (message.status === 'error' && empty && !versions) return <div className="chat-msg is-empty" data-message-id={message.id} />;
  return (
    <div className={`chat-msg is-assistant is-${message.status}${continued ? ' is-continued' : ''}`} data-message-id={message.id}>
      <div className="chat-avatar" aria-hidden>
        <Sparkles size={15} />
      </div>
      <div className="chat-msg-body">
        {message.blocks.map((block, i) => (
          <Block key={i} block={block} message={message} latest={latest && busy} last={i === message.blocks.length - 1} />
        ))}
        {message.status === 'streaming' && empty && (
          <div className="chat-typing" role="status" aria-label={t('message.generating')}>
            <span />
            <span />
            <span />
          </div>
        )}
        {message.status === 'stopped' && (
          <div className="chat-msg-stopped-row">
            <div className="chat-msg-stopped">{t('message.stopped')}</div>
            <RegenerateButton chatId={message.chatId} replyId={message.id} disabled={busy} labelled />
          </div>
        )}
        {message.status !== 'streaming' && (
          <div className={`chat-msg-footer${versions ? ' has-versions' : ''}`}>
            <time dateTime={new Date(message.createdAt).toISOString()}>{time}</time>
            {message.usage && <UsageInfo usage={message.usage} {...(message.model ? { model: message.model } : {})} />}
            {!empty && <CopyButton message={message} />}
            {message.status !== 'stopped' && <RegenerateButton chatId={message.chatId} replyId={message.id} disabled={busy} />}
            {versions && <DeleteButton message={message} disabled={busy} />}
            <BranchSwitcher message={message} disabled={busy} />
          </div>
        )}
      </div>
    </div>
  );
});
