/**
 * VisibleText for tool rows: the same markup (isolated, hidden characters shown and marked) with its title from the
 * list's row texts, not from an i18n hook per name and description.
 */
import { revealParts } from '../../../../../shared/visibleText.ts';
import { useToolRowText } from './toolRowText.ts';
import '../../common/visibleText.css';

/** Props of RowText. */
export interface RowTextProps {
  text: string;
  /** Keep newlines and tabs (descriptions); names show them as escapes. */
  multiline?: boolean;
}

/** Renders `text` isolated, with hidden characters shown and marked (as VisibleText does). */
export function RowText({ text, multiline = false }: RowTextProps) {
  const { hiddenCharacters } = useToolRowText();
  const parts = revealParts(text, { multiline });
  const hidden = parts.some((part) => part.hidden);
  return (
    <bdi className={`visible-text${hidden ? ' has-hidden' : ''}`} title={hidden ? hiddenCharacters : undefined}>
      {parts.map((part, i) =>
        part.hidden ? (
          <span key={i} className="visible-text-hidden">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </bdi>
  );
}
