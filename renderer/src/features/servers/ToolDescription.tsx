/** A tool's description in the tool list: two lines at first, the whole text (what the model reads) on demand. */
import { useId, useState } from 'react';
import { RowText } from './tools/RowText.tsx';
import { useToolRowText } from './tools/toolRowText.ts';

/** A description this long, or with more than one line, may hide text past the two-line clamp. */
const CLAMP_CHARS = 140;

/** Props of ToolDescription. */
export interface ToolDescriptionProps {
  text: string;
  /** Start expanded (a tool whose description changed since the user approved it). */
  defaultExpanded?: boolean;
}

/** The description, clamped to two lines with a control that shows all of it. */
export function ToolDescription({ text, defaultExpanded = false }: ToolDescriptionProps) {
  const strings = useToolRowText();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const id = useId();
  const long = text.length > CLAMP_CHARS || /[\n\r\u2028\u2029]/.test(text.trim());
  return (
    <div className="sv-tool-desc-wrap">
      <p id={id} className={`sv-tool-desc${expanded || !long ? ' is-expanded' : ''}`} data-testid="tool-description">
        <RowText text={text} multiline />
      </p>
      {long ? (
        <button type="button" className="sv-tool-desc-toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
          {expanded ? strings.showLess : strings.showMore}
        </button>
      ) : null}
    </div>
  );
}
