/** An on/off switch on Radix Switch (role="switch", Space toggles). */
import * as RadixSwitch from '@radix-ui/react-switch';

/** Props of Switch. */
export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
  id?: string;
}

/** A labelled switch; `label` is its accessible name. */
export function Switch({ checked, onCheckedChange, label, disabled, id }: SwitchProps) {
  return (
    <RadixSwitch.Root className="switch" checked={checked} onCheckedChange={onCheckedChange} aria-label={label} disabled={disabled} id={id}>
      <RadixSwitch.Thumb className="switch-thumb" />
    </RadixSwitch.Root>
  );
}
