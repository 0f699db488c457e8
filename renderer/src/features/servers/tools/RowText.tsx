/**
 * VisibleText for tool rows: the same markup (isolated, hidden characters shown and marked) with its title from the
 * list's row texts, not from an i18n hook per name and description.
 */
import { RevealedText } from '../../common/VisibleText.tsx';
import { useToolRowText } from './toolRowText.ts';

/** Props of RowText. */
export interface RowTextProps {
  text: string;
  /** Keep newlines and tabs (descriptions); names show them as escapes. */
  multiline?: boolean;
}

/** Renders `text` isolated, with hidden characters shown and marked (as VisibleText does). */
export function RowText({ text, multiline = false }: RowTextProps) {
  const { hiddenCharacters } = useToolRowText();
  return <RevealedText text={text} multiline={multiline} hiddenTitle={hiddenCharacters} />;
}
