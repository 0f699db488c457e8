/** Edits a command's arguments as a list: one argument per row, so spaces inside an argument need no quoting. */
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Props of ArgsEditor. */
export interface ArgsEditorProps {
  args: string[];
  onChange: (args: string[]) => void;
  errors: Record<string, string>;
}

/** A list of argument inputs with add, remove and move. */
export function ArgsEditor({ args, onChange, errors }: ArgsEditorProps) {
  const { t } = useTranslation('servers');
  const set = (index: number, value: string) => onChange(args.map((a, i) => (i === index ? value : a)));
  const move = (index: number, by: number) => {
    const next = [...args];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <div className="sv-list-editor" role="group" aria-label={t('form.args')}>
      {args.map((arg, index) => (
        <div className="sv-list-row" key={index}>
          <span className="sv-list-index" aria-hidden>
            {index + 1}
          </span>
          <input
            className="input mono"
            value={arg}
            aria-label={t('form.argN', { n: index + 1 })}
            aria-invalid={Boolean(errors[`args.${index}`])}
            onChange={(e) => set(index, e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onChange([...args.slice(0, index + 1), '', ...args.slice(index + 1)]);
              }
            }}
          />
          <button type="button" className="icon-btn" aria-label={t('form.moveUp', { n: index + 1 })} disabled={index === 0} onClick={() => move(index, -1)}>
            <ArrowUp />
          </button>
          <button type="button" className="icon-btn" aria-label={t('form.moveDown', { n: index + 1 })} disabled={index === args.length - 1} onClick={() => move(index, 1)}>
            <ArrowDown />
          </button>
          <button type="button" className="icon-btn" aria-label={t('form.removeArg', { n: index + 1 })} onClick={() => onChange(args.filter((_, i) => i !== index))}>
            <X />
          </button>
          {errors[`args.${index}`] ? <p className="field-error sv-row-error">{errors[`args.${index}`]}</p> : null}
        </div>
      ))}
      <button type="button" className="btn btn-sm btn-ghost sv-add-row" onClick={() => onChange([...args, ''])}>
        <Plus /> {t('form.addArg')}
      </button>
    </div>
  );
}
