/** One row of a server's tool list: enable it, choose its approval policy, read its whole description. */
import type { ApprovalPolicy } from '../../../../shared/serverConfig.ts';
import type { ToolSummary } from '../../../../shared/servers.ts';
import { isolateName, revealInvisible } from '../../../../shared/visibleText.ts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import { Switch } from '../common/Switch.tsx';
import { VisibleText } from '../common/VisibleText.tsx';
import { ToolDescription } from './ToolDescription.tsx';
import { ToolInputs } from './ToolInputs.tsx';
import { AppChips } from '../apps/AppsServerControls.tsx';

const policies: ApprovalPolicy[] = ['ask', 'always_allow', 'deny'];

/** Props of ToolRow: the tool, and where it sits when the list is virtualized. */
export interface ToolRowProps {
  tool: ToolSummary;
  /** Position in a virtualized list: measured by `measureRef`, placed at `start` px. */
  virtual?: { index: number; setSize: number; start: number; measureRef: (node: HTMLLIElement | null) => void };
}

/** One tool: enable switch, labels and hints, description, approval policy. Memoized: a tool unchanged keeps its row. */
export const ToolRow = memo(function ToolRow({ tool, virtual }: ToolRowProps) {
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
    <li
      className={`sv-tool${tool.enabled ? '' : ' sv-tool-off'}${virtual ? ' sv-tool-virtual' : ''}`}
      data-testid="tool-row"
      {...(virtual
        ? { ref: virtual.measureRef, 'data-index': virtual.index, 'aria-setsize': virtual.setSize, 'aria-posinset': virtual.index + 1, style: { transform: `translateY(${virtual.start}px)` } }
        : {})}
    >
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
          <AppChips tool={tool} />
        </div>
        {/* Keyed by the flag: a tool that changes while the list is open unfolds its new description at once. */}
        {tool.description ? <ToolDescription key={changed ? 'changed' : 'approved'} text={tool.description} defaultExpanded={changed} /> : null}
        <ToolInputs tool={tool} />
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
});
