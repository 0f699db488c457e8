/**
 * A tooltip mounted only once its trigger is first pointed at or focused. A Radix tooltip in every server card was part
 * of what mounting a card cost (issue 12); most are never shown.
 */
import { cloneElement, useLayoutEffect, useRef, useState, type FocusEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import { Tip } from '../../common/Tooltip.tsx';

/** Props of LazyTip: one focusable element (a button) and its hint. */
export interface LazyTipProps {
  label: ReactNode;
  children: ReactElement<{ onPointerEnter?: () => void; onFocus?: (event: FocusEvent) => void; ref?: Ref<HTMLElement> }>;
}

/** The child as is until first hovered or focused, then the child inside a Tip (which opens on that hover or focus). */
export function LazyTip({ label, children }: LazyTipProps) {
  const [armed, setArmed] = useState<false | 'pointer' | 'focus'>(false);
  const trigger = useRef<HTMLElement>(null);
  // Arming mounts the trigger anew inside the Tip: a keyboard user's focus follows it there, which also opens the hint.
  useLayoutEffect(() => {
    if (armed === 'focus') trigger.current?.focus();
  }, [armed]);
  if (!armed) return cloneElement(children, { onPointerEnter: () => setArmed('pointer'), onFocus: () => setArmed('focus') });
  return <Tip label={label}>{cloneElement(children, { ref: trigger })}</Tip>;
}
