/**
 * The composer's tool picker: which servers and tools this chat may use (kept with the chat by the host), and what the
 * next request will send as tools: how many, their estimated tokens, and how many are left for the tool search.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pin, Wrench } from 'lucide-react';
import type { ToolPlanSummary, ToolScope } from '../../../../../../shared/chat.ts';
import { call } from '../../../../bridge/index.ts';
import { useStore } from '../../../../store/index.ts';
import { Dialog } from '../../../common/Dialog.tsx';
import { errorMessage } from '../../../common/errorText.ts';
import { markInScope, shortTokens, toggleServer, toggleTool } from './scopeModel.ts';
import { ScopeServerList } from './ScopeServerList.tsx';
import { useToolListVersion } from './useToolListVersion.ts';

/** Props: a chat's id (its scope is stored by the host), or on the start page the scope the first message will use. */
export interface ToolScopePickerProps {
  chatId?: string | undefined;
  /** Start page only: the scope chosen before the chat exists. */
  scope?: ToolScope | undefined;
  onScopeChange?: (scope: ToolScope) => void;
}

/** A chip showing the tools the next request sends; opens the picker. */
export function ToolScopePicker({ chatId, scope, onScopeChange }: ToolScopePickerProps) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<ToolPlanSummary | undefined>();
  const [error, setError] = useState<string | undefined>();
  const settings = useStore((s) => s.settings);
  const updateSettings = useStore((s) => s.updateSettings);

  const refresh = useCallback(
    async (with_?: ToolScope) => {
      const result = await call('chats.toolPlan', { ...(chatId ? { chatId } : {}), ...(with_ ? { scope: with_ } : {}) });
      if (result.ok) {
        setPlan(result.value);
        setError(undefined);
      } else setError(errorMessage(t, result.error));
    },
    [chatId, t],
  );

  // Asked again when the tools change (a server started or stopped): the chip says what the next request sends.
  const toolList = useToolListVersion();
  useEffect(() => {
    void refresh(chatId ? undefined : scope);
  }, [refresh, chatId, scope, open, toolList]);

  const apply = async (next: ToolScope): Promise<void> => {
    if (!chatId) {
      onScopeChange?.(next);
      return;
    }
    const saved = await call('chats.setToolScope', { chatId, scope: next });
    // Also after a refusal: the plan shown goes back to what the host holds (and then the error is said).
    await refresh();
    if (!saved.ok) setError(errorMessage(t, saved.error));
  };

  // Pins and always-load servers are app settings (they apply to every chat): saved, then the plan is asked again.
  const saveSetting = async (patch: Parameters<typeof updateSettings>[0]): Promise<void> => {
    const saved = await updateSettings(patch);
    if (!saved.ok) return setError(errorMessage(t, saved.error));
    await refresh(chatId ? undefined : scope);
  };
  const pinned = (serverId: string, toolName: string) => settings?.pinnedTools.some((p) => p.serverId === serverId && p.toolName === toolName) ?? false;
  const togglePin = (serverId: string, toolName: string) => {
    if (!settings) return;
    const rest = settings.pinnedTools.filter((p) => p.serverId !== serverId || p.toolName !== toolName);
    void saveSetting({ pinnedTools: pinned(serverId, toolName) ? rest : [...rest, { serverId, toolName }] });
  };
  const toggleAlways = (serverId: string) => {
    if (!settings) return;
    const on = settings.alwaysLoadServers.includes(serverId);
    void saveSetting({ alwaysLoadServers: on ? settings.alwaysLoadServers.filter((s) => s !== serverId) : [...settings.alwaysLoadServers, serverId].sort() });
  };

  const current = plan?.scope;
  const chip = plan ? t('scope.chip', { count: plan.loaded.tools, tokens: shortTokens(plan.loaded.tokens) }) : t('scope.chipLoading');
  return (
    <>
      <button type="button" className="chat-composer-chip" onClick={() => setOpen(true)} aria-label={t('scope.open', { summary: chip })}>
        <Wrench size={14} aria-hidden />
        <span className="chat-composer-chip-text">{chip}</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t('scope.title')} description={t('scope.description')} testId="tool-scope-dialog">
        {error && <p className="field-error">{error}</p>}
        {plan && (
          <p className="chat-scope-summary" data-testid="tool-scope-summary">
            {t('scope.summary', { count: plan.loaded.tools, tokens: shortTokens(plan.loaded.tokens) })}
            {plan.deferred > 0 && ` ${t('scope.deferred', { count: plan.deferred })}`}
          </p>
        )}
        {plan && plan.servers.length === 0 && <p className="muted">{t('scope.noServers')}</p>}
        <ScopeServerList
          servers={plan?.servers ?? []}
          onToggle={(serverId, toolName, include) => {
            if (!current) return;
            setPlan((shown) => shown && markInScope(shown, serverId, toolName, include));
            void apply(toolName === undefined ? toggleServer(current, serverId, include) : toggleTool(current, serverId, toolName, include));
          }}
          serverExtra={(server) =>
            settings && (
              <button type="button" className="btn btn-ghost btn-sm" aria-pressed={settings.alwaysLoadServers.includes(server.serverId)} onClick={() => toggleAlways(server.serverId)}>
                {t('scope.alwaysLoad')}
              </button>
            )
          }
          toolExtra={(serverId, toolName) =>
            settings && (
              <button type="button" className="icon-btn" aria-pressed={pinned(serverId, toolName)} aria-label={t('scope.pin', { tool: toolName })} onClick={() => togglePin(serverId, toolName)}>
                <Pin size={13} aria-hidden />
              </button>
            )
          }
        />
        {chatId && (
          <button type="button" className="btn btn-sm" onClick={() => void call('chats.setToolScope', { chatId, scope: null }).then(() => refresh())}>
            {t('scope.reset')}
          </button>
        )}
      </Dialog>
    </>
  );
}
