/** One line in an answer for a tool search: what the model searched for and which tools it loaded. */
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import type { ToolSearchBlock } from '../../../../../shared/chat.ts';
import { VisibleText } from '../../common/VisibleText.tsx';

/** Shows a search as it runs, what it found, or that it failed. */
export function ToolSearchLine({ block }: { block: ToolSearchBlock }) {
  const { t } = useTranslation('chat');
  // The query is empty while the model's input still streams (or when it sent none): no empty quotes then.
  const query = block.query === '' ? null : (
    <>
      {' '}“<VisibleText text={block.query} />”
    </>
  );
  return (
    <div className="chat-tool-search" data-testid="tool-search">
      <Search size={13} aria-hidden />
      {block.status === 'searching' && (
        <span>
          {t('toolSearch.searching')}
          {query}…
        </span>
      )}
      {block.status === 'error' && <span>{t('toolSearch.failed', { code: block.errorCode ?? '' })}</span>}
      {block.status === 'done' && (
        <span>
          {t('toolSearch.searched')}
          {query}
          {block.loaded.length === 0 ? ` · ${t('toolSearch.none')}` : ` · ${t('toolSearch.loaded', { count: block.loaded.length })} `}
          {block.loaded.map((name) => (
            <code key={name} className="chat-tool-search-name">
              <VisibleText text={name} />
            </code>
          ))}
        </span>
      )}
    </div>
  );
}
