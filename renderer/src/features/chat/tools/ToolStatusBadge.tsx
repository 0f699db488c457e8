/** The status pill of a tool call; a result flagged `isError` reads as an error even when the call completed. */
import { useTranslation } from 'react-i18next';
import { Ban, Check, CircleAlert, CircleSlash, Hand, Loader } from 'lucide-react';
import type { ToolCallBlock, ToolCallStatus } from '../../../../../shared/chat.ts';
import { assertNever } from '../../../../../shared/errors.ts';

/** The status the user should see. */
export function visibleStatus(block: ToolCallBlock): ToolCallStatus {
  return block.status === 'done' && block.result?.isError ? 'error' : block.status;
}

function StatusIcon({ status }: { status: ToolCallStatus }) {
  switch (status) {
    case 'streaming_input':
    case 'running':
      return <Loader size={12} className="tool-spin" aria-hidden />;
    case 'awaiting_approval':
      return <Hand size={12} aria-hidden />;
    case 'done':
      return <Check size={12} aria-hidden />;
    case 'error':
      return <CircleAlert size={12} aria-hidden />;
    case 'denied':
      return <Ban size={12} aria-hidden />;
    case 'cancelled':
      return <CircleSlash size={12} aria-hidden />;
    default:
      return assertNever(status);
  }
}

/** A small coloured pill naming the status. */
export function ToolStatusBadge({ status }: { status: ToolCallStatus }) {
  const { t } = useTranslation('chat');
  return (
    <span className={`tool-status is-${status}`}>
      <StatusIcon status={status} />
      {t(`tool.status.${status}`)}
    </span>
  );
}
