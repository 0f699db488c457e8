/** A server's tools: enable each one, choose its approval policy, and whether read-only hints are trusted. */
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalPolicy } from '../../../../shared/serverConfig.ts';
import type { ExposedTool, ServerView } from '../../../../shared/servers.ts';
import { isolateName, revealInvisible } from '../../../../shared/visibleText.ts';
import { useStore } from '../../store/index.ts';
import { Switch } from '../common/Switch.tsx';
import { VisibleText } from '../common/VisibleText.tsx';
import { ToolDescription } from './ToolDescription.tsx';
import './toolList.css';

const policies: ApprovalPolicy[] = ['ask', 'always_allow', 'deny'];

function ToolRow({ tool }: { tool: ExposedTool }) {
  const { t } = useTranslation('servers');
  const setToolEnabled = useStore((s) => s.setToolEnabled);
  const setToolApproval = useStore((s) => s.setToolApproval);
  const notifyError = useStore((s) => s.notifyError);
  const a = tool.annotations;
  const label = tool.title ?? a?.title ?? tool.toolName;
  // A server chooses tool names: labels show hidden characters; visible messages also isolate the name.
  const spoken = revealInvisible(tool.toolName);
  const name = isolateName(tool.toolName);
  const changed = tool.changedSinceApproval === true;
  const reapprove = () =>
    void setToolApproval(tool.serverId, tool.toolName, 'always_allow').then((r) => {
      if (!r.ok) notifyError('servers:tools.changeFailed', r.error, { name });
    });
  return (
    <li className={tool.enabled ? 'sv-tool' : 'sv-tool sv-tool-off'} data-testid="tool-row">
      <Switch
        checked={tool.enabled}
        label={t('tools.enable', { name: spoken })}
        onCheckedChange={(enabled) =>
          void setToolEnabled(tool.serverId, tool.toolName, enabled).then((r) => {
            if (!r.ok) notifyError('servers:tools.changeFailed', r.error, { name });
          })
        }
      />
      <div className="sv-tool-main">
        <div className="row sv-tool-title">
          <strong>
            <VisibleText text={label} />
          </strong>
          {label !== tool.toolName ? (
            <code>
              <VisibleText text={tool.toolName} />
            </code>
          ) : null}
          {changed ? <span className="chip sv-chip-danger">{t('tools.changed')}</span> : null}
          {a?.readOnlyHint ? <span className="chip">{t('tools.readOnly')}</span> : null}
          {a?.destructiveHint ? <span className="chip sv-chip-danger">{t('tools.destructive')}</span> : null}
          {a?.openWorldHint ? <span className="chip">{t('tools.openWorld')}</span> : null}
        </div>
        {/* Keyed by the flag: a tool that changes while the list is open unfolds its new description at once. */}
        {tool.description ? <ToolDescription key={changed ? 'changed' : 'approved'} text={tool.description} defaultExpanded={changed} /> : null}
        {changed ? (
          <div className="sv-tool-changed" role="note">
            <p>{t('tools.changedHint')}</p>
            <button type="button" className="btn btn-sm" aria-label={t('tools.reapproveFor', { name: spoken })} onClick={reapprove}>
              {t('tools.reapprove')}
            </button>
          </div>
        ) : null}
      </div>
      <label className="sv-tool-policy">
        <span className="visually-hidden">{t('tools.policyFor', { name: spoken })}</span>
        <select
          className="select"
          value={tool.approval}
          disabled={!tool.enabled}
          onChange={(e) =>
            void setToolApproval(tool.serverId, tool.toolName, e.target.value as ApprovalPolicy).then((r) => {
              if (!r.ok) notifyError('servers:tools.changeFailed', r.error, { name });
            })
          }
        >
          {policies.map((p) => (
            <option key={p} value={p}>
              {t(`tools.policy.${p}`)}
            </option>
          ))}
        </select>
      </label>
    </li>
  );
}

/** Props of ToolList. */
export interface ToolListProps {
  server: ServerView;
}

/** The tool list of one server, with a filter when it is long. */
export function ToolList({ server }: ToolListProps) {
  const { t } = useTranslation('servers');
  const all = useStore((s) => s.tools);
  const setTrustReadOnly = useStore((s) => s.setTrustReadOnly);
  const notifyError = useStore((s) => s.notifyError);
  const [query, setQuery] = useState('');
  const tools = useMemo(() => all.filter((tool) => tool.serverId === server.id), [all, server.id]);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? tools.filter((tool) => `${tool.toolName} ${tool.title ?? ''} ${tool.description ?? ''}`.toLowerCase().includes(q)) : tools;
  }, [tools, query]);

  if (tools.length === 0) {
    return <p className="muted sv-tools-empty">{server.status.state === 'ready' ? t('tools.none') : t('tools.notReady')}</p>;
  }
  return (
    <div className="sv-tools">
      <div className="sv-tools-head">
        <label className="row sv-trust">
          <Switch
            checked={server.config.trustReadOnlyHints ?? false}
            label={t('tools.trustReadOnly')}
            onCheckedChange={(trust) =>
              void setTrustReadOnly(server.id, trust).then((r) => {
                if (!r.ok) notifyError('servers:tools.changeFailed', r.error, { name: isolateName(server.id) });
              })
            }
          />
          <span>
            {t('tools.trustReadOnly')}
            <span className="field-hint"> — {t('tools.trustReadOnlyHint')}</span>
          </span>
        </label>
        {tools.length > 8 ? (
          <div className="sv-tools-filter">
            <Search aria-hidden />
            <input className="input" type="search" value={query} placeholder={t('tools.filter')} aria-label={t('tools.filter')} onChange={(e) => setQuery(e.target.value)} />
          </div>
        ) : null}
      </div>
      <ul className="sv-tool-list" aria-label={t('tools.listLabel', { name: revealInvisible(server.id) })}>
        {shown.map((tool) => (
          <ToolRow key={tool.exposedName} tool={tool} />
        ))}
      </ul>
    </div>
  );
}
