/** One row of a server's tool list: enable it, choose its approval policy, read its whole description. */
import type { ApprovalPolicy } from '../../../../shared/serverConfig.ts';
import { hasAppView, isAppOnly } from '../../../../shared/apps.ts';
import type { ToolSummary } from '../../../../shared/servers.ts';
import { revealInvisible } from '../../../../shared/visibleText.ts';
import { memo } from 'react';
import { ToolDescription } from './ToolDescription.tsx';
import { ToolInputs } from './ToolInputs.tsx';
import { RowText } from './tools/RowText.tsx';
import { ToolSwitch } from './tools/ToolSwitch.tsx';
import { setToolApproval, setToolEnabled } from './tools/toolActions.ts';
import { useToolRowText } from './tools/toolRowText.ts';

const policies: ApprovalPolicy[] = ['ask', 'always_allow', 'deny'];

/**
 * Props of ToolRow: the tool, and where it sits when the list is virtualized (`measureRef` measures it, it is placed
 * at `start` px). Plain values, not an object made per render, so the memo keeps a row that did not move.
 */
export interface ToolRowProps {
  tool: ToolSummary;
  index?: number;
  setSize?: number;
  start?: number;
  measureRef?: (node: HTMLLIElement | null) => void;
}

/**
 * One tool: enable switch, labels and hints, description, approval policy. Memoized: a tool unchanged keeps its row.
 * Cheap to mount (a long list mounts rows on every filter keystroke): texts from the list's context, native controls,
 * no store subscription.
 */
export const ToolRow = memo(function ToolRow({ tool, index, setSize, start, measureRef }: ToolRowProps) {
  const text = useToolRowText();
  const a = tool.annotations;
  const label = tool.title ?? a?.title ?? tool.toolName;
  // A server chooses tool names: labels show hidden characters.
  const spoken = revealInvisible(tool.toolName);
  const changed = tool.changedSinceApproval === true;
  const virtual = index !== undefined && start !== undefined;
  return (
    <li
      className={`sv-tool${tool.enabled ? '' : ' sv-tool-off'}${virtual ? ' sv-tool-virtual' : ''}`}
      data-testid="tool-row"
      {...(virtual ? { ref: measureRef, 'data-index': index, 'aria-setsize': setSize, 'aria-posinset': index + 1, style: { transform: `translateY(${start}px)` } } : {})}
    >
      <ToolSwitch checked={tool.enabled} label={text.enable(spoken)} onCheckedChange={(enabled) => setToolEnabled(tool, enabled)} />
      <div className="sv-tool-main">
        <div className="row sv-tool-title">
          <strong>
            <RowText text={label} />
          </strong>
          {label !== tool.toolName ? (
            <code>
              <RowText text={tool.toolName} />
            </code>
          ) : null}
          {changed ? <span className="chip sv-chip-danger">{text.chips.changed}</span> : null}
          {a?.readOnlyHint ? <span className="chip">{text.chips.readOnly}</span> : null}
          {a?.destructiveHint ? <span className="chip sv-chip-danger">{text.chips.destructive}</span> : null}
          {a?.openWorldHint ? <span className="chip">{text.chips.openWorld}</span> : null}
          {hasAppView(tool.ui) ? <span className="chip">{text.chips.hasApp}</span> : null}
          {isAppOnly(tool.ui) ? <span className="chip">{text.chips.appOnly}</span> : null}
        </div>
        {/* Keyed by the flag: a tool that changes while the list is open unfolds its new description at once. */}
        {tool.description ? <ToolDescription key={changed ? 'changed' : 'approved'} text={tool.description} defaultExpanded={changed} /> : null}
        <ToolInputs tool={tool} />
        {changed ? (
          <div className="sv-tool-changed" role="note">
            <p>{text.changedHint}</p>
            <button type="button" className="btn btn-sm" aria-label={text.reapproveFor(spoken)} onClick={() => setToolApproval(tool, 'always_allow')}>
              {text.reapprove}
            </button>
          </div>
        ) : null}
      </div>
      <label className="sv-tool-policy">
        <span className="visually-hidden">{text.policyFor(spoken)}</span>
        <select className="select" value={tool.approval} disabled={!tool.enabled} onChange={(e) => setToolApproval(tool, e.target.value as ApprovalPolicy)}>
          {policies.map((p) => (
            <option key={p} value={p}>
              {text.policy[p]}
            </option>
          ))}
        </select>
      </label>
    </li>
  );
});
