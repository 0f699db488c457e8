/** An MCP App inside its tool card: the server's UI in a sandboxed frame of another origin, talking to the host only. */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Maximize2, Minimize2, RotateCcw, X } from 'lucide-react';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { hasAppView, type AppResource } from '../../../../shared/apps.ts';
import type { ToolCallBlock } from '../../../../shared/chat.ts';
import type { Result } from '../../../../shared/errors.ts';
import { call } from '../../bridge/index.ts';
import { useStore } from '../../store/index.ts';
import { selectServerTools } from '../../store/serversSlice.ts';
import { ApprovalCard } from '../approvals/ApprovalCard.tsx';
import { errorMessage } from '../common/errorText.ts';
import { clampHeight, initialHeight } from './model/hostContext.ts';
import { OpenLinkDialog, type LinkRequest } from './OpenLinkDialog.tsx';
import { SharedContextNote } from './SharedContextNote.tsx';
import { useAppSession } from './useAppSession.ts';
import { markRoot } from '../common/rootMark.ts';
import './apps.css';

/** Shows the app of a tool call whose tool declares one (renders nothing otherwise). */
export function AppFrame({ block }: { block: ToolCallBlock }) {
  const tools = useStore(selectServerTools(block.serverId));
  const sandboxUrl = useStore((s) => s.appInfo?.appSandboxUrl);
  const ui = tools.find((tool) => tool.toolName === block.toolName)?.ui;
  if (!hasAppView(ui) || !sandboxUrl) return null;
  return <AppView block={block} uri={ui.resourceUri} sandboxUrl={sandboxUrl} />;
}

function AppView({ block, uri, sandboxUrl }: { block: ToolCallBlock; uri: string; sandboxUrl: string }) {
  const { t, i18n } = useTranslation('apps');
  const chatId = useStore((s) => s.chatId);
  const appInfo = useStore((s) => s.appInfo);
  const allApprovals = useStore((s) => s.approvals);
  const answerApproval = useStore((s) => s.answerApproval);
  const sendMessage = useStore((s) => s.sendMessage);
  const approvals = useMemo(() => allApprovals.filter((a) => a.toolCallId.startsWith(`${block.id}#app-`)), [allApprovals, block.id]);
  const [loaded, setLoaded] = useState<Result<AppResource> | undefined>(undefined);
  const [closed, setClosed] = useState(false);
  const [mode, setMode] = useState<McpUiDisplayMode>('inline');
  const [height, setHeight] = useState(initialHeight);
  const [width, setWidth] = useState(600);
  const [link, setLink] = useState<LinkRequest | undefined>(undefined);
  // The app's shared context and the newest user message when it was set: a newer user message carrying it has taken it
  // (an edited or regenerated message does not, so the note stays while the host still holds the context).
  const [shared, setShared] = useState<{ text: string; after: string | undefined } | undefined>(undefined);
  const lastUser = useStore((s) => (s.chatId ? s.openChats[s.chatId]?.messages.findLast((m) => m.role === 'user') : undefined));
  const lastUserId = lastUser?.id;
  const contextTaken = shared !== undefined && lastUserId !== shared.after && (lastUser?.blocks.some((b) => b.type === 'text' && b.text.endsWith(`\n${shared.text}`)) ?? false);
  useEffect(() => {
    if (contextTaken) setShared(undefined);
  }, [contextTaken]);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const boxRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    let live = true;
    void call('apps.resource', { serverId: block.serverId, uri }).then((result) => {
      if (live) setLoaded(result);
    });
    return () => {
      live = false;
    };
  }, [block.serverId, uri]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  // The chat list lifts its containment and row transforms while this frame covers the window (apps.css).
  useLayoutEffect(() => (mode === 'fullscreen' ? markRoot('has-fullscreen-app') : undefined), [mode]);

  useEffect(() => {
    if (mode !== 'fullscreen') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMode('inline');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);

  const resource = loaded?.ok && !closed ? loaded.value : undefined;
  const proxyUrl = useMemo(() => {
    const params = new URLSearchParams({ parent: window.location.origin, csp: JSON.stringify(resource?.csp ?? {}) });
    return `${sandboxUrl}?${params.toString()}`;
  }, [sandboxUrl, resource]);

  useAppSession({
    frameRef,
    proxyUrl,
    resource,
    block,
    displayMode: mode,
    width,
    locale: i18n.language,
    platform: appInfo?.mode === 'desktop' ? 'desktop' : 'web',
    version: appInfo?.version ?? '0.0.0',
    handlers: {
      sizeChanged: (next) => {
        const clamped = clampHeight(next);
        if (clamped !== undefined) setHeight(clamped);
      },
      displayMode: (next) => {
        const taken = next === 'fullscreen' ? 'fullscreen' : 'inline';
        setMode(taken);
        return taken;
      },
      teardownRequested: () => setClosed(true),
      openLink: (url) => new Promise<boolean>((resolve) => setLink({ url, resolve })),
      message: async (text) => (chatId ? (await sendMessage(chatId, text)).ok : false),
      modelContext: async (text) => {
        if (!chatId) return { ok: false, error: { code: 'not_found', message: 'No chat is open.' } };
        const result = await call('apps.setModelContext', { chatId, toolCallId: block.id, serverId: block.serverId, text });
        if (result.ok) setShared(text === '' ? undefined : { text, after: lastUserId });
        return result;
      },
      callTool: (name, args) => (chatId ? call('apps.callTool', { chatId, toolCallId: block.id, serverId: block.serverId, name, arguments: args }) : Promise.resolve({ ok: false, error: { code: 'not_found', message: 'No chat is open.' } })),
      // Only the app's own server: the frame never names another.
      readResource: (resourceUri) => call('apps.readResource', { serverId: block.serverId, uri: resourceUri }),
    },
  });

  const fullscreen = mode === 'fullscreen';
  return (
    <div ref={boxRef} className={`app-frame${fullscreen ? ' is-fullscreen' : ''}`} data-testid="app-frame" data-display-mode={mode} role="group" aria-label={t('frameLabel', { server: block.serverId })}>
      <div className="app-frame-bar">
        <span className="app-frame-title">{t('title')}</span>
        <span className="app-frame-spacer" />
        {resource && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMode(fullscreen ? 'inline' : 'fullscreen')}>
            {fullscreen ? <Minimize2 size={14} aria-hidden /> : <Maximize2 size={14} aria-hidden />}
            {fullscreen ? t('exitFullscreen') : t('fullscreen')}
          </button>
        )}
        {closed ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setClosed(false)}>
            <RotateCcw size={14} aria-hidden />
            {t('reopen')}
          </button>
        ) : (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setClosed(true)}>
            <X size={14} aria-hidden />
            {t('close')}
          </button>
        )}
      </div>
      {approvals.map((approval) => (
        <ApprovalCard key={approval.id} approval={approval} onAnswer={answerApproval} />
      ))}
      {loaded && !loaded.ok && (
        <p className="app-frame-note" role="alert">
          {t('loadFailed', { message: errorMessage(t, loaded.error) })}
        </p>
      )}
      {closed && <p className="app-frame-note">{t('closed')}</p>}
      {shared && !contextTaken && <SharedContextNote text={shared.text} />}
      {resource && (
        <iframe
          ref={frameRef}
          className="app-frame-iframe"
          title={t('iframeTitle', { server: block.serverId, tool: block.toolName })}
          // The proxy runs on its own origin (not the window's); the app inside it gets an opaque one.
          sandbox="allow-scripts allow-same-origin"
          style={fullscreen ? undefined : { height }}
        />
      )}
      <OpenLinkDialog request={link} onDone={() => setLink(undefined)} />
    </div>
  );
}
