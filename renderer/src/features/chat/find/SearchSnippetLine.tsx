/** One sidebar search result's excerpt, the match marked; a wrench says it is in a tool call, a note that it is on another version. */
import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SearchSnippet } from '../../../../../shared/find.ts';
import './find.css';

/** The excerpt under a found chat. */
export function SearchSnippetLine({ snippet }: { snippet: SearchSnippet }) {
  const { t } = useTranslation('find');
  const { text, matchStart, matchLength } = snippet;
  return (
    <p className="find-snippet" data-testid="search-snippet">
      {/* First, so the two-line clamp never cuts it: opening this hit switches the chat to that version. */}
      {snippet.hidden && <span className="find-snippet-version">{t('otherVersion')}:</span>}
      {snippet.inTool && <Wrench size={11} aria-label={t('inTool')} className="find-snippet-tool" />}
      {text.slice(0, matchStart)}
      <mark>{text.slice(matchStart, matchStart + matchLength)}</mark>
      {text.slice(matchStart + matchLength)}
    </p>
  );
}
