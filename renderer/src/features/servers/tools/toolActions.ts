/**
 * What a tool row's controls do, as plain functions over the store: the actions never change, so a row needs no
 * store subscription of its own (three per row were re-run on every store update, for every row mounted).
 */
import type { ApprovalPolicy } from '../../../../../shared/serverConfig.ts';
import type { ToolSummary } from '../../../../../shared/servers.ts';
import { isolateName } from '../../../../../shared/visibleText.ts';
import type { Result } from '../../../../../shared/errors.ts';
import { useStore } from '../../../store/index.ts';

/** Shows a refused change as an error notice naming the tool. */
function reportFailure(tool: ToolSummary) {
  return (r: Result<unknown>): void => {
    if (!r.ok) useStore.getState().notifyError('servers:tools.changeFailed', r.error, { name: isolateName(tool.toolName) });
  };
}

/** Switches one tool on or off. */
export function setToolEnabled(tool: ToolSummary, enabled: boolean): void {
  void useStore.getState().setToolEnabled(tool.serverId, tool.toolName, enabled).then(reportFailure(tool));
}

/** Sets one tool's approval policy. */
export function setToolApproval(tool: ToolSummary, policy: ApprovalPolicy): void {
  void useStore.getState().setToolApproval(tool.serverId, tool.toolName, policy).then(reportFailure(tool));
}
