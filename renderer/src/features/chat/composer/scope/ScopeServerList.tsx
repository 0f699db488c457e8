/**
 * The list of servers and their tools with a checkbox each, shared by the composer's tool picker (one chat's scope)
 * and Settings' "Tools for new chats" (the default scope): what is checked is in scope.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ToolPlanSummary } from '../../../../../../shared/chat.ts';
import { VisibleText } from '../../../common/VisibleText.tsx';
import { shortTokens } from './scopeModel.ts';
import '../../chat.css';

/** A server as the list shows it: its tools (with estimated tokens) and what is in scope. */
export type ScopeServer = ToolPlanSummary['servers'][number];

/** Props of ScopeServerList. */
export interface ScopeServerListProps {
  servers: ScopeServer[];
  /** A server (toolName undefined) or one of its tools checked (include) or unchecked. */
  onToggle: (serverId: string, toolName: string | undefined, include: boolean) => void;
  /** Extra controls or notes after a server's row (the picker's "Always load"). */
  serverExtra?: (server: ScopeServer) => ReactNode;
  /** Extra controls after a tool's row (the picker's pin). */
  toolExtra?: (serverId: string, toolName: string) => ReactNode;
  /** The list's accessible name, when the text around it does not give one. */
  label?: string;
}

/** Servers with a checkbox each; a server expands to its tools, each with its own checkbox. */
export function ScopeServerList({ servers, onToggle, serverExtra, toolExtra, label }: ScopeServerListProps) {
  const { t } = useTranslation('chat');
  const [expanded, setExpanded] = useState<string | undefined>();
  return (
    <ul className="chat-scope-servers" aria-label={label}>
      {servers.map((server) => {
        const chosen = server.tools.filter((x) => x.inScope);
        const tokens = chosen.reduce((sum, x) => sum + x.tokens, 0);
        // The tokens are those of the tools in scope, so a server left out in part says how many of its tools that is.
        const size = chosen.length === server.tools.length ? t('scope.serverSize', { count: server.tools.length, tokens: shortTokens(tokens) }) : t('scope.serverSizePart', { count: chosen.length, total: server.tools.length, tokens: shortTokens(tokens) });
        const isOpen = expanded === server.serverId && server.tools.length > 0;
        return (
          <li key={server.serverId}>
            <div className="chat-scope-server">
              <button
                type="button"
                className="icon-btn"
                // A server that lists no tools yet (not running) has nothing to expand.
                disabled={server.tools.length === 0}
                aria-expanded={isOpen}
                aria-label={t('scope.showTools', { server: server.serverId })}
                onClick={() => setExpanded(isOpen ? undefined : server.serverId)}
              >
                {isOpen ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
              </button>
              <label>
                <input type="checkbox" checked={server.inScope} onChange={(e) => onToggle(server.serverId, undefined, e.target.checked)} />
                <VisibleText text={server.serverId} />
              </label>
              {server.tools.length > 0 && <span className="muted">{size}</span>}
              {serverExtra?.(server)}
            </div>
            {isOpen && (
              <ul className="chat-scope-tools">
                {server.tools.map((tool) => (
                  <li key={tool.toolName}>
                    <label>
                      <input type="checkbox" disabled={!server.inScope} checked={tool.inScope} onChange={(e) => onToggle(server.serverId, tool.toolName, e.target.checked)} />
                      <VisibleText text={tool.toolName} />
                    </label>
                    <span className="muted">~{shortTokens(tool.tokens)}</span>
                    {toolExtra?.(server.serverId, tool.toolName)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
