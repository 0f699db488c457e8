/**
 * The font faces a reply uses, looked up before the first reply instead of inside it. A page's first text in a new
 * face and size (a heading, bold, italic, code, a formula, a script the UI font lacks) makes layout ask the browser
 * process for the font with a synchronous IPC: the first reply's first layouts made about 27 such calls and waited
 * 10-45 ms for them on a loaded machine. KaTeX's faces are web fonts with `font-display: block`, fetched only when a
 * formula first appears: the formula stayed invisible until its font arrived (55-155 ms in the ui bench) and then
 * moved the text around it. So right after the first paint, a hidden message body lays out a short reply sample with
 * the chat's own styles (headings, lists, code, a table, inline and display math, Vietnamese and Chinese text), the KaTeX
 * faces a formula usually needs start loading, and the sample is removed once they are in.
 */
import type { CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterFirstPaint } from '../../common/afterFirstPaint.ts';
import { Markdown } from '../../markdown/Markdown.tsx';

/** A short reply with every kind of text a reply's Markdown styles (each size, weight and style is a face of its own). */
const FONT_SAMPLE = [
  '# Một *tiêu đề* 标题',
  '## Kết quả **đường** 结果',
  '### Bước 3',
  'Văn bản thường, **đậm**, *nghiêng*, ***cả hai***, `mã`, [liên kết](https://example.com) — 中文文本 • → ✓',
  '> Trích dẫn *ngắn*.',
  '- một\n- [x] hai',
  '| Cột | 列 |\n| - | - |\n| **1** | `2` |',
  '```ts\nconst tổng: number = 1; // 注释\n```',
  'Công thức $x_{1} = \\frac{a}{b} \\le \\alpha$ và:',
  '$$\n\\sum_{k=1}^{n} k = \\left( \\frac{n(n+1)}{2} \\right)\n$$',
].join('\n\n');

// KaTeX's faces behind ordinary formulas (letters, digits and operators, fractions, sums, big delimiters) as CSS font
// shorthands: the sample's formulas lay out some of them; these load even where a formula would need them later.
const KATEX_FACES = ['16px KaTeX_Main', 'bold 16px KaTeX_Main', 'italic 16px KaTeX_Main', 'italic 16px KaTeX_Math', '16px KaTeX_Size1', '16px KaTeX_Size2', '16px KaTeX_Size3', '16px KaTeX_Size4', '16px KaTeX_AMS'];

// A tool card's faces (tools.css: the card at 0.92rem, its title at weight 600, its name and arguments in the mono font
// at 0.82em, its status badge at 0.75em 600, its notes at 0.88em). Styled inline: the card's own classes would match the
// app's selectors (and tests') while the sample is in the page.
const TOOL_CARD_FACES: CSSProperties[] = [{ fontWeight: 600 }, { fontFamily: 'var(--font-mono)', fontSize: '0.82em' }, { fontSize: '0.75em', fontWeight: 600 }, { fontSize: '0.88em' }];

/** A tool card's text in each of its faces, without its classes. */
function ToolCardFaces() {
  return (
    <div style={{ fontSize: '0.92rem' }}>
      {TOOL_CARD_FACES.map((style, i) => (
        <span key={i} style={style}>
          Echo {'{"message": "tiếng Việt 中文"}'}
        </span>
      ))}
    </div>
  );
}

/** An element laid out like a reply's body (so its text gets the chat's sizes) but off screen, unpainted and inert. */
function hiddenMessageBody(): HTMLElement {
  const holder = document.createElement('div');
  holder.className = 'chat-msg-body';
  holder.setAttribute('aria-hidden', 'true');
  holder.inert = true;
  // In the layout tree (display: none would skip the lookups), contained so its layout never touches the page's.
  holder.style.cssText = 'position:fixed;left:-10000px;top:0;width:720px;visibility:hidden;pointer-events:none;contain:layout style paint;';
  return holder;
}

/** Lays out the sample, loads KaTeX's usual faces, and removes the sample once they are ready. */
export async function warmFonts(): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  const holder = hiddenMessageBody();
  document.body.append(holder);
  const root = createRoot(holder);
  flushSync(() =>
    root.render(
      <>
        <Markdown text={FONT_SAMPLE} />
        <ToolCardFaces />
      </>,
    ),
  );
  // A failed font load only means that face is fetched when a formula needs it, as before.
  const katex = Promise.allSettled(KATEX_FACES.map((face) => document.fonts.load(face, 'x')));
  // The lookups happen at the next frame's layout; the sample stays until after it, and until the web fonts are in.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  await katex;
  root.unmount();
  holder.remove();
}

/** Runs `warmFonts` once, right after the page first paints. */
export function warmFontsAfterFirstPaint(): void {
  afterFirstPaint(() => void warmFonts());
}
