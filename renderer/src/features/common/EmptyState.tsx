/** A centred empty state: an icon, what is missing, and what to do about it. */
import type { ReactNode } from 'react';

/** Props of EmptyState. */
export interface EmptyStateProps {
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

/** Teaches the next step instead of showing a blank page. */
export function EmptyState({ icon, title, children, actions, testId }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid={testId}>
      <div className="empty-state-icon" aria-hidden>
        {icon}
      </div>
      <h2>{title}</h2>
      {children ? <div className="muted">{children}</div> : null}
      {actions ? <div className="row" style={{ marginTop: 8 }}>{actions}</div> : null}
    </div>
  );
}
