/** The add/edit server dialog: validated field by field, with "Test connection" showing what it found before saving. */
import { Globe, PlugZap, Terminal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestConnectionReport } from '../../../../../shared/servers.ts';
import type { ServerConfig } from '../../../../../shared/serverConfig.ts';
import { useStore } from '../../../store/index.ts';
import { Dialog } from '../../common/Dialog.tsx';
import { Segmented } from '../../common/Segmented.tsx';
import { errorMessage, errorText, type ErrorLike } from '../../common/errorText.ts';
import { AdvancedFields, HttpFields, StdioFields } from './TransportFields.tsx';
import { ClientFeaturesFields } from './ClientFeaturesFields.tsx';
import { ProtocolFields } from './ProtocolFields.tsx';
import { FormField } from './FormField.tsx';
import { OAuthFields } from './OAuthFields.tsx';
import { configFromForm, formFieldOf, type ServerFormState } from './serverForm.ts';
import { TestReport } from './TestReport.tsx';
import { useServerForm } from './useServerForm.ts';
import './form.css';

/** Props of ServerFormDialog. */
export interface ServerFormDialogProps {
  onClose: () => void;
  initial: ServerFormState;
  /** The server being edited (its id and stored config), or undefined when adding. */
  editing?: { id: string; config: ServerConfig };
  takenNames: readonly string[];
}

/** The form in a dialog; mount it when opening so its state starts fresh. */
export function ServerFormDialog({ onClose, initial, editing, takenNames }: ServerFormDialogProps) {
  const { t } = useTranslation('servers');
  const form = useServerForm(initial, takenNames);
  const addServer = useStore((s) => s.addServer);
  const updateServer = useStore((s) => s.updateServer);
  const testServer = useStore((s) => s.testServer);
  const notify = useStore((s) => s.notify);
  const [busy, setBusy] = useState<'save' | 'test' | undefined>(undefined);
  const [report, setReport] = useState<TestConnectionReport | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { state, errors, update, touch } = form;
  const reportBox = useRef<HTMLDivElement>(null);
  // The report appears below the fields; bring it into view so the result of the click is seen.
  useEffect(() => {
    if (report) reportBox.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [report]);
  const message = (field: string) => {
    const error = errors[field];
    return error ? t(error.key, error.values ?? {}) : undefined;
  };

  const focusFirstError = () => {
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.dialog-content [aria-invalid="true"]')?.focus());
  };

  const hostFailed = (error: ErrorLike & { field?: string }) => {
    const field = formFieldOf(error.field, state);
    if (field) {
      form.setHostError(field, errorMessage(t, error));
      focusFirstError();
    } else {
      setProblem(errorText(t, error));
    }
  };

  const runTest = async () => {
    setProblem(undefined);
    if (!form.attempt()) return focusFirstError();
    setBusy('test');
    setReport(undefined);
    const result = await testServer(state.name.trim(), configFromForm(state, editing?.config));
    setBusy(undefined);
    if (result.ok) setReport(result.value);
    else hostFailed(result.error);
  };

  const save = async () => {
    setProblem(undefined);
    if (!form.attempt()) return focusFirstError();
    setBusy('save');
    const config = configFromForm(state, editing?.config);
    const name = state.name.trim();
    const result = editing ? await updateServer(editing.id, config, name) : await addServer(name, config);
    setBusy(undefined);
    if (!result.ok) return hostFailed(result.error);
    notify({ tone: 'success', titleKey: editing ? 'servers:notice.saved' : 'servers:notice.added', values: { name } });
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      wide
      testId="server-form"
      title={editing ? t('form.editTitle', { name: editing.id }) : t('form.addTitle')}
      description={t('form.description')}
      footer={
        <>
          <button type="button" className="btn" disabled={busy !== undefined} onClick={() => void runTest()}>
            {busy === 'test' ? <span className="spinner" aria-hidden /> : <PlugZap />}
            {busy === 'test' ? t('form.testing') : t('form.test')}
          </button>
          <span className="spacer" />
          <button type="button" className="btn" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button type="button" className="btn btn-primary" disabled={busy !== undefined} onClick={() => void save()}>
            {busy === 'save' ? <span className="spinner" aria-hidden /> : null}
            {editing ? t('form.save') : t('form.add')}
          </button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {problem ? (
          <div className="callout callout-danger sv-form-problem" role="alert">
            {problem}
          </div>
        ) : null}
        <FormField id="server-name" label={t('form.name')} hint={t('form.nameHint')} error={message('name')}>
          {(a11y) => (
            <input {...a11y} className="input" value={state.name} autoFocus={!editing} placeholder="memory" onChange={(e) => update({ name: e.target.value })} onBlur={() => touch('name')} />
          )}
        </FormField>
        <div className="field">
          <span className="field-label" id="transport-label">
            {t('form.transport')}
          </span>
          <Segmented
            labelledBy="transport-label"
            value={state.transport}
            options={[
              { value: 'stdio', icon: <Terminal aria-hidden />, label: t('form.transport_stdio') },
              { value: 'http', icon: <Globe aria-hidden />, label: t('form.transport_http') },
            ]}
            onChange={(transport) => update({ transport })}
          />
        </div>
        {state.transport === 'stdio' ? (
          <StdioFields form={form} message={message} />
        ) : (
          <>
            <HttpFields form={form} message={message} />
            <OAuthFields form={form} message={message} />
          </>
        )}
        <ClientFeaturesFields form={form} message={message} />
        <ProtocolFields form={form} />
        <AdvancedFields form={form} message={message} />
        {/* Enter in any field saves, as in any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
      <div ref={reportBox}>{report ? <TestReport report={report} /> : null}</div>
    </Dialog>
  );
}
