/** A bundle's `file` or `directory` setting: a path typed or chosen with the picker; a list of them when the manifest says `multiple`. */
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleUserConfigField } from '../../../../../shared/bundles.ts';
import { ChooseFolderButton } from '../roots/ChooseFolderButton.tsx';
import './bundles.css';

/** Props of BundlePathField. */
export interface BundlePathFieldProps {
  field: BundleUserConfigField;
  /** The input's id (its label points at it). */
  inputId: string;
  placeholder: string;
  /** The chosen paths (at most one unless the field takes several). */
  paths: string[];
  onChange: (update: (paths: string[]) => string[]) => void;
}

/** The path input (or list), and "Choose file…" / "Choose folder…". */
export function BundlePathField({ field, inputId, placeholder, paths, onChange }: BundlePathFieldProps) {
  const { t } = useTranslation('bundles');
  const [draft, setDraft] = useState('');
  const kind = field.type === 'file' ? 'file' : 'folder';
  const add = (path: string) => onChange((now) => (field.multiple ? (now.includes(path) ? now : [...now, path]) : [path]));
  const addDraft = () => {
    if (draft.trim() === '') return;
    add(draft.trim());
    setDraft('');
  };
  if (!field.multiple) {
    return (
      <>
        <input id={inputId} className="input" type="text" autoComplete="off" value={paths[0] ?? ''} placeholder={placeholder} onChange={(e) => onChange(() => (e.target.value === '' ? [] : [e.target.value]))} />
        <ChooseFolderButton kind={kind} start={paths[0] || undefined} onChosen={add} />
      </>
    );
  }
  return (
    <>
      {paths.length ? (
        <ul className="sv-bundle-paths" aria-label={field.title} data-testid={`bundle-paths-${field.key}`}>
          {paths.map((path) => (
            <li key={path}>
              <span className="mono">{path}</span>
              <button type="button" className="icon-btn" aria-label={t('removePath', { path })} onClick={() => onChange((now) => now.filter((p) => p !== path))}>
                <X />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={inputId}
        className="input"
        type="text"
        autoComplete="off"
        value={draft}
        placeholder={placeholder}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={addDraft}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          addDraft();
        }}
      />
      <ChooseFolderButton kind={kind} multiple start={paths.at(-1)} onChosen={add} />
    </>
  );
}
