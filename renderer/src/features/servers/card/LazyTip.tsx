/**
 * A tooltip mounted only once its trigger is first rested on or focused by keyboard. A Radix tooltip in every server
 * card was part of what mounting a card cost (issue 12); most are never shown.
 */
import {
  cloneElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { Tip } from '../../common/Tooltip.tsx';

/** How long the pointer rests on the trigger before the hint is mounted (about when a tooltip would open anyway). */
const REST_MS = 300;

/** Props of LazyTip: one focusable element (a button) and its hint. */
export interface LazyTipProps {
  label: ReactNode;
  children: ReactElement<{
    onPointerEnter?: () => void;
    onPointerLeave?: () => void;
    onPointerDown?: () => void;
    onFocus?: (event: FocusEvent<HTMLElement>) => void;
    ref?: Ref<HTMLElement>;
  }>;
}

/** True when the element got focus from the keyboard (a mouse press focuses a button too). */
function focusedByKeyboard(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // An engine without :focus-visible: treat focus as keyboard focus, so the hint is never out of reach.
    return true;
  }
}

/**
 * The child as is until armed, then the child inside a Tip. Arming mounts the button anew, so it must never happen
 * between a press and its click (the click would land on a removed button and be lost): a pointer arms only after
 * resting on the button, a press cancels that, and only keyboard focus arms at once.
 */
export function LazyTip({ label, children }: LazyTipProps) {
  const [armed, setArmed] = useState<false | 'pointer' | 'focus'>(false);
  const trigger = useRef<HTMLElement>(null);
  const resting = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopResting = (): void => {
    if (resting.current !== undefined) clearTimeout(resting.current);
    resting.current = undefined;
  };
  useEffect(() => stopResting, []);
  // A keyboard user's focus follows the button into the Tip, which also opens the hint.
  useLayoutEffect(() => {
    if (armed === 'focus') trigger.current?.focus();
  }, [armed]);
  if (!armed) {
    return cloneElement(children, {
      onPointerEnter: () => {
        stopResting();
        resting.current = setTimeout(() => setArmed('pointer'), REST_MS);
      },
      onPointerLeave: stopResting,
      onPointerDown: stopResting,
      onFocus: (event: FocusEvent<HTMLElement>) => {
        if (focusedByKeyboard(event.currentTarget)) setArmed('focus');
      },
    });
  }
  return <Tip label={label}>{cloneElement(children, { ref: trigger })}</Tip>;
}
