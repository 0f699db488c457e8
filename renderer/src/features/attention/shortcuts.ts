/** The attention shortcuts, in one place so the code, the hints and docs/ui.md say the same. */

/** Alt+Shift+A: focus the oldest waiting approval (Ctrl/Cmd+Shift+A is Chrome's tab search). */
export function isReachApprovalKey(e: KeyboardEvent): boolean {
  return e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyA';
}

/** The label of the reach-approval shortcut. */
export const reachApprovalLabel = 'Alt+Shift+A';

/** Ctrl/Cmd+B: collapse or expand the sidebar. */
export function isToggleSidebarKey(e: KeyboardEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key === 'b' || e.key === 'B');
}

/** Keys answering the focused approval card (no modifier, focus not in a text field). */
export const approvalKeys = { o: 'allow_once', a: 'always_allow', d: 'deny' } as const;
