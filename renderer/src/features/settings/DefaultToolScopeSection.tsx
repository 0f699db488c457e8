/**
 * The "Tools for new chats" card: which servers and tools a chat may use until it picks its own (the composer's Tools
 * chip). Stored as exclusions (`defaultToolScope`), so a server added later is in scope. Saved at once.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolPlanSummary, ToolScope } from '../../../../shared/chat.ts';
import { call } from '../../bridge/index.ts';
import { useStore } from '../../store/index.ts';
import { errorMessage, errorText } from '../common/errorText.ts';
import { ScopeServerList, type ScopeServer } from '../chat/composer/scope/ScopeServerList.tsx';
import { toggleServer, toggleTool } from '../chat/composer/scope/scopeModel.ts';
import { useToolListVersion } from '../chat/composer/scope/useToolListVersion.ts';

/**
 * The rows to show: every server the store lists (a stopped one too, without tools), with the tools the host's plan
 * lists for it, checked as `scope` says.
 */
export function scopeRows(serverIds: string[], plan: ToolPlanSummary | undefined, scope: ToolScope): ScopeServer[] {
  const planned = new Map((plan?.servers ?? []).map((s) => [s.serverId, s]));
  const ids = [...serverIds, ...[...planned.keys()].filter((id) => !serverIds.includes(id))];
  return ids.map((serverId) => {
    const inScope = !scope.excludedServers.includes(serverId);
    const tools = (planned.get(serverId)?.tools ?? []).map((tool) => ({
      ...tool,
      inScope: inScope && !scope.excludedTools.some((x) => x.serverId === serverId && x.toolName === tool.toolName),
    }));
    return { serverId, inScope, tools };
  });
}

/** The default tool scope card. */
export function DefaultToolScopeSection() {
  const { t } = useTranslation('toolScopeSettings');
  const settings = useStore((s) => s.settings);
  const updateSettings = useStore((s) => s.updateSettings);
  const servers = useStore((s) => s.servers);
  const toolList = useToolListVersion();
  const [plan, setPlan] = useState<ToolPlanSummary | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | undefined>();
  // The scope as the user just set it, shown until the host answers: a checkbox that waits for a round trip reads as
  // "the click did nothing". Only the latest save clears it.
  const [pending, setPending] = useState<ToolScope | undefined>();
  const latest = useRef(0);

  // The tools and their sizes, as the composer's picker asks for them; asked again when the tools change (at most
  // every 250 ms while servers start).
  useEffect(() => {
    let live = true;
    void call('chats.toolPlan', {}).then((result) => {
      if (!live) return;
      if (result.ok) {
        setPlan(result.value);
        setLoadError(undefined);
      } else setLoadError(errorMessage(t, result.error));
    });
    return () => {
      live = false;
    };
  }, [toolList, t]);

  if (!settings) return null;
  const scope = pending ?? settings.defaultToolScope;

  const save = async (next: ToolScope): Promise<void> => {
    const id = ++latest.current;
    setPending(next);
    const result = await updateSettings({ defaultToolScope: next });
    if (id !== latest.current) return;
    setPending(undefined);
    // A refusal leaves the stored scope as it was, and the checkboxes go back to it.
    setSaveError(result.ok ? undefined : errorText(t, result.error));
  };

  const rows = scopeRows(
    servers.map((s) => s.id),
    plan,
    scope,
  );
  return (
    <section className="card st-card" aria-labelledby="st-default-scope">
      <h2 id="st-default-scope" className="st-card-title">
        {t('title')}
      </h2>
      <p className="field-hint" id="st-default-scope-intro">
        {t('intro')}
      </p>
      {saveError && (
        <p className="field-error" role="alert">
          {t('saveFailed', { message: saveError })}
        </p>
      )}
      {loadError && <p className="field-error">{t('loadFailed', { message: loadError })}</p>}
      {rows.length === 0 && <span className="field-hint">{t('noServers')}</span>}
      <ScopeServerList
        label={t('list')}
        servers={rows}
        onToggle={(serverId, toolName, include) => void save(toolName === undefined ? toggleServer(scope, serverId, include) : toggleTool(scope, serverId, toolName, include))}
        serverExtra={(server) => server.tools.length === 0 && <span className="muted">{t('notRunning')}</span>}
      />
    </section>
  );
}
