/** Renders a tool result by content type: text, images, audio, resource links, embedded resources, structured JSON. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileText, Link2 } from 'lucide-react';
import type { FullToolResult } from '../../../../../shared/chat.ts';
import type { McpContent, ToolResult } from '../../../../../shared/servers.ts';
import { useStore } from '../../../store/index.ts';
import { notifyError } from '../hooks/appActions.ts';
import { prettyJson } from '../model/format.ts';

// Only raster/vector image types a browser shows inertly in <img>; anything else is listed, not rendered.
const IMAGE_TYPES = /^image\/(png|jpe?g|gif|webp|avif|bmp|svg\+xml)$/i;
const AUDIO_TYPES = /^audio\//i;

/** Text that is JSON is shown pretty-printed. */
function displayText(text: string): string {
  const trimmed = text.trim();
  if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
    try {
      return JSON.stringify(JSON.parse(trimmed), null, 2);
    } catch {
      return text;
    }
  }
  return text;
}

function base64Size(data: string): number {
  return Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
}

function isWebUrl(uri: string): boolean {
  return /^https?:\/\//i.test(uri);
}

function ResultImage({ data, mimeType }: { data: string; mimeType: string }) {
  const { t } = useTranslation('chat');
  const [zoomed, setZoomed] = useState(false);
  if (!IMAGE_TYPES.test(mimeType)) return <p className="tool-result-note">{t('tool.result.unsupportedImage', { mimeType })}</p>;
  return (
    <button type="button" className={`tool-result-image${zoomed ? ' is-zoomed' : ''}`} onClick={() => setZoomed((z) => !z)} aria-label={zoomed ? t('tool.result.shrinkImage') : t('tool.result.enlargeImage')}>
      <img src={`data:${mimeType};base64,${data}`} alt={t('tool.result.imageAlt', { mimeType })} />
    </button>
  );
}

function ContentItem({ item }: { item: McpContent }) {
  const { t, i18n } = useTranslation('chat');
  switch (item.type) {
    case 'text':
      return <pre className="tool-result-text">{displayText(item.text)}</pre>;
    case 'image':
      return <ResultImage data={item.data} mimeType={item.mimeType} />;
    case 'audio':
      return AUDIO_TYPES.test(item.mimeType) ? (
        <audio className="tool-result-audio" controls src={`data:${item.mimeType};base64,${item.data}`} aria-label={t('tool.result.audio')} />
      ) : (
        <p className="tool-result-note">{t('tool.result.unsupportedAudio', { mimeType: item.mimeType })}</p>
      );
    case 'resource_link':
      return (
        <div className="tool-result-resource">
          <Link2 size={14} aria-hidden />
          <div>
            <div className="tool-result-resource-name">{item.title ?? item.name}</div>
            {isWebUrl(item.uri) ? (
              <a href={item.uri} target="_blank" rel="noopener noreferrer" className="tool-result-uri">
                {item.uri}
              </a>
            ) : (
              <code className="tool-result-uri">{item.uri}</code>
            )}
            {item.description && <div className="tool-result-desc">{item.description}</div>}
          </div>
          {item.mimeType && <span className="tool-result-mime">{item.mimeType}</span>}
        </div>
      );
    case 'resource': {
      const { resource } = item;
      return (
        <div className="tool-result-embedded">
          <div className="tool-result-resource">
            <FileText size={14} aria-hidden />
            <code className="tool-result-uri">{resource.uri}</code>
            {resource.mimeType && <span className="tool-result-mime">{resource.mimeType}</span>}
          </div>
          {resource.text !== undefined && <pre className="tool-result-text">{displayText(resource.text)}</pre>}
          {resource.blob !== undefined &&
            (resource.mimeType && IMAGE_TYPES.test(resource.mimeType) ? (
              <ResultImage data={resource.blob} mimeType={resource.mimeType} />
            ) : resource.mimeType && AUDIO_TYPES.test(resource.mimeType) ? (
              <audio className="tool-result-audio" controls src={`data:${resource.mimeType};base64,${resource.blob}`} />
            ) : (
              <p className="tool-result-note">{t('tool.result.binary', { size: base64Size(resource.blob).toLocaleString(i18n.language) })}</p>
            ))}
        </div>
      );
    }
    default:
      return <pre className="tool-result-text">{prettyJson(item)}</pre>;
  }
}

function saveFile(filename: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Says the result was cut to the tool result limit and downloads the whole one the host kept on disk. */
function FullResultNote({ toolCallId, full }: { toolCallId: string; full: FullToolResult }) {
  const { t, i18n } = useTranslation('chat');
  const chatId = useStore((s) => s.chatId);
  const fullToolResult = useStore((s) => s.fullToolResult);
  const [busy, setBusy] = useState(false);
  const download = async (): Promise<void> => {
    if (!chatId) return;
    setBusy(true);
    const result = await fullToolResult(chatId, toolCallId);
    setBusy(false);
    if (result.ok) saveFile(result.value.filename, result.value.mimeType, result.value.content);
    else notifyError('chat:tool.result.downloadFailed', result.error);
  };
  return (
    <div className="tool-result-cut" role="note">
      <span>{t('tool.result.cut', { total: full.chars.toLocaleString(i18n.language) })}</span>
      <button type="button" className="btn btn-sm" onClick={() => void download()} disabled={busy || !chatId}>
        <Download size={14} aria-hidden /> {t('tool.result.downloadFull')}
      </button>
    </div>
  );
}

/** Deep equality of two JSON values (object keys in any order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => key in right && sameJson(left[key], right[key]));
}

/** True when a text item already says the structured content (servers send both, as the MCP spec advises). */
function structuredInText(result: ToolResult): boolean {
  return result.content.some((item) => {
    if (item.type !== 'text') return false;
    try {
      return sameJson(JSON.parse(item.text), result.structuredContent);
    } catch {
      return false;
    }
  });
}

/**
 * The whole result: every content item in order, then structured content when present and not already shown as text;
 * a cut result says so and offers the full one.
 */
export function ToolResultView({ result, toolCallId, full }: { result: ToolResult; toolCallId?: string; full?: FullToolResult }) {
  const { t } = useTranslation('chat');
  const showStructured = result.structuredContent !== undefined && !structuredInText(result);
  return (
    <div className="tool-result-items">
      {full && toolCallId !== undefined && <FullResultNote toolCallId={toolCallId} full={full} />}
      {result.content.map((item, i) => (
        <ContentItem key={i} item={item} />
      ))}
      {result.content.length === 0 && result.structuredContent === undefined && <p className="tool-result-note">{t('tool.result.empty')}</p>}
      {showStructured && (
        <div className="tool-result-structured">
          <div className="tool-section-label">{t('tool.result.structured')}</div>
          <pre className="tool-result-text">{prettyJson(result.structuredContent)}</pre>
        </div>
      )}
    </div>
  );
}
