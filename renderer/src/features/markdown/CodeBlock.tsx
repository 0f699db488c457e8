/** A fenced code block with its language and a copy button. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import type { ExtraProps } from 'react-markdown';

type Element = NonNullable<ExtraProps['node']>;
type ElementContent = Element['children'][number];

/** Plain text of a hast subtree (what the copy button puts on the clipboard). */
export function hastText(node: ElementContent | Element | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map((child) => hastText(child)).join('');
  return '';
}

function languageOf(node: Element | undefined): string | undefined {
  const code = node?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const classes = code?.properties.className;
  const list: string[] = Array.isArray(classes) ? classes.map(String) : [];
  return list.find((c) => c.startsWith('language-'))?.slice('language-'.length);
}

/** Replaces `<pre>`: header with the language and a copy button, then the highlighted code. */
export function CodeBlock({ node, children }: { node: Element | undefined; children: ReactNode }) {
  const { t } = useTranslation('chat');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const language = languageOf(node);

  const copy = async (): Promise<void> => {
    const text = hastText(node).replace(/\n$/, '');
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="md-code">
      <div className="md-code-head">
        <span className="md-code-lang">{language ?? t('markdown.code')}</span>
        <button type="button" className="md-code-copy" onClick={() => void copy()} aria-label={copied ? t('markdown.copied') : t('markdown.copyCode')}>
          {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
          <span>{copied ? t('markdown.copied') : t('markdown.copy')}</span>
        </button>
      </div>
      {/* Focusable and named, so a long line can be scrolled with the arrow keys (not only with a mouse). */}
      <pre tabIndex={0} role="group" aria-label={t('attention:code.scroll', { language: language ?? t('markdown.code') })}>
        {children}
      </pre>
    </div>
  );
}
