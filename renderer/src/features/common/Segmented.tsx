/** A segmented single choice that behaves as an ARIA radio group: one Tab stop, arrow keys move and select. */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One choice of a Segmented control. */
export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
}

/** Props of Segmented. */
export interface SegmentedProps<T extends string> {
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  /** Id of the element naming the group. */
  labelledBy: string;
}

const steps: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Renders the choices as buttons with role radio; only the chosen one is in the Tab order. */
export function Segmented<T extends string>({ value, options, onChange, labelledBy }: SegmentedProps<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = options.findIndex((o) => o.value === value);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    const step = steps[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = (index + step + options.length) % options.length;
    const option = options[next];
    if (!option) return;
    buttons.current[next]?.focus();
    onChange(option.value);
  };
  return (
    <div className="segmented" role="radiogroup" aria-labelledby={labelledBy}>
      {options.map((option, index) => (
        <button
          key={option.value}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          // With nothing chosen yet the first choice takes the Tab stop, so the group stays reachable.
          tabIndex={index === (chosen < 0 ? 0 : chosen) ? 0 : -1}
          onClick={() => onChange(option.value)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {option.icon}
          {option.label}
        </button>
      ))}
    </div>
  );
}
