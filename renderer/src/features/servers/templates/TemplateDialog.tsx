/** Adds a template server after showing the exact command it will run (and asking for the folder when needed). */
import { FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../store/index.ts';
import { Dialog } from '../../common/Dialog.tsx';
import { errorText } from '../../common/errorText.ts';
import { FormField } from '../form/FormField.tsx';
import { isAbsolutePath } from '../form/serverForm.ts';
import { freeName, templateCommand, type ServerTemplate } from './templates.ts';

/** Props of TemplateDialog. */
export interface TemplateDialogProps {
  template: ServerTemplate;
  onClose: () => void;
  /** Opens the full form prefilled with this template instead. */
  onCustomize: (name: string, folder: string) => void;
}

/** The confirmation step of a one-click template. */
export function TemplateDialog({ template, onClose, onCustomize }: TemplateDialogProps) {
  const { t } = useTranslation('servers');
  const servers = useStore((s) => s.servers);
  const addServer = useStore((s) => s.addServer);
  const notify = useStore((s) => s.notify);
  const [folder, setFolder] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const name = freeName(template.name, servers.map((s) => s.id));
  const folderError = template.needsFolder && (touched || problem !== undefined) ? (!folder.trim() ? t('template.folderRequired') : !isAbsolutePath(folder.trim()) ? t('form.errors.cwdAbsolute') : undefined) : undefined;
  const command = templateCommand(template, folder, t('template.folderPlaceholder'));

  const add = async () => {
    setTouched(true);
    if (template.needsFolder && (!folder.trim() || !isAbsolutePath(folder.trim()))) {
      setProblem('');
      return;
    }
    setBusy(true);
    const result = await addServer(name, template.config(folder.trim()));
    setBusy(false);
    if (!result.ok) return setProblem(errorText(t, result.error));
    notify({ tone: 'success', titleKey: 'servers:notice.added', values: { name } });
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={t(`template.${template.id}.title`)}
      description={t(`template.${template.id}.description`)}
      testId="template-dialog"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={() => onCustomize(name, folder.trim())}>
            {t('template.customize')}
          </button>
          <span className="spacer" />
          <button type="button" className="btn" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void add()}>
            {busy ? <span className="spinner" aria-hidden /> : null}
            {t('template.add', { name })}
          </button>
        </>
      }
    >
      {template.needsFolder ? (
        <FormField id="template-folder" label={t('template.folder')} hint={t('template.folderHint')} error={folderError}>
          {(a11y) => (
            <div className="sv-folder-input">
              <FolderOpen aria-hidden />
              <input {...a11y} className="input mono" value={folder} autoFocus placeholder="/home/me/Documents" spellCheck={false} onChange={(e) => setFolder(e.target.value)} onBlur={() => setTouched(true)} />
            </div>
          )}
        </FormField>
      ) : null}
      <div className="field">
        <span className="field-label">{t('template.willRun')}</span>
        <pre className="sv-command" data-testid="template-command">
          <span className="sv-prompt" aria-hidden>
            ${' '}
          </span>
          {command}
        </pre>
        <p className="field-hint">{t('template.npxHint')}</p>
      </div>
      {problem ? (
        <div className="callout callout-danger" role="alert">
          {problem}
        </div>
      ) : null}
    </Dialog>
  );
}
