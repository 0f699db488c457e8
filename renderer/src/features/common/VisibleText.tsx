/**
 * Text a server controls (server and tool names, descriptions), shown isolated from the text around it (`<bdi>`)
 * and with invisible or direction-changing characters made visible as ⟨U+202E⟩-style escapes.
 */
import { useTranslation } from 'react-i18next';
import { revealParts } from '../../../../shared/visibleText.ts';
import './visibleText.css';

/** Props of VisibleText. */
export interface VisibleTextProps {
  text: string;
  /** Keep newlines and tabs (descriptions); names show them as escapes. */
  multiline?: boolean;
  className?: string;
}

/** Renders `text` isolated, with hidden characters shown and marked. */
export function VisibleText({ text, multiline = false, className }: VisibleTextProps) {
  const { t } = useTranslation('servers');
  return <RevealedText text={text} multiline={multiline} className={className} hiddenTitle={t('hiddenCharacters')} />;
}

/** VisibleText's markup with its title given (lists that resolve their texts once, not with a hook per name). */
export function RevealedText({ text, multiline = false, className, hiddenTitle }: VisibleTextProps & { hiddenTitle: string }) {
  const parts = revealParts(text, { multiline });
  const hidden = parts.some((part) => part.hidden);
  return (
    <bdi className={`visible-text${hidden ? ' has-hidden' : ''}${className ? ` ${className}` : ''}`} title={hidden ? hiddenTitle : undefined}>
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
