/**
 * The enable switch of a tool row: a native checkbox with the switch role, styled as the app's switch. The Radix
 * switch mounted a button, a hidden input and its effects per row; a long list mounts rows on every filter keystroke.
 * Same accessible name and role as before; Space toggles it, as it toggles any checkbox.
 */
import './toolSwitch.css';

/** Props of ToolSwitch. */
export interface ToolSwitchProps {
  checked: boolean;
  label: string;
  onCheckedChange: (checked: boolean) => void;
}

/** A labelled on/off switch; `label` is its accessible name. */
export function ToolSwitch({ checked, label, onCheckedChange }: ToolSwitchProps) {
  return <input type="checkbox" role="switch" className="switch-native" checked={checked} aria-label={label} onChange={(e) => onCheckedChange(e.target.checked)} />;
}
