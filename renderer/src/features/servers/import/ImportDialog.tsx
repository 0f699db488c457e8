/** Import servers from a Claude Desktop / Cursor / VS Code config: paste or pick, preview each entry, choose, apply. */
import { ArrowLeft, CheckCircle2, FileJson, Info, XCircle } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportOutcome, ImportPreview } from '../../../../../shared/servers.ts';
import { useStore } from '../../../store/index.ts';
import { Dialog } from '../../common/Dialog.tsx';
import { errorMessage, errorText, hostText } from '../../common/errorText.ts';
import { decisionsFromRows, renameProblem, rowsFromPreview, selectedCount, type ImportRow } from './importModel.ts';
import { ImportRowView } from './ImportRowView.tsx';
import './import.css';

type Step = { kind: 'input' } | { kind: 'preview'; preview: ImportPreview; rows: ImportRow[] } | { kind: 'done'; outcome: ImportOutcome };

/** Props of ImportDialog. */
export interface ImportDialogProps {
  onClose: () => void;
}

/** The import dialog; mount it when opening. */
export function ImportDialog({ onClose }: ImportDialogProps) {
  const { t } = useTranslation('servers');
  const servers = useStore((s) => s.servers);
  const importPreview = useStore((s) => s.importPreview);
  const importApply = useStore((s) => s.importApply);
  const notify = useStore((s) => s.notify);
  const [text, setText] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'input' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const file = useRef<HTMLInputElement>(null);
  const existing = useMemo(() => servers.map((s) => s.id), [servers]);

  const preview = async (source: string) => {
    setProblem(undefined);
    if (!source.trim()) return setProblem(t('import.errors.empty'));
    setBusy(true);
    const result = await importPreview(source);
    setBusy(false);
    if (!result.ok) return setProblem(errorText(t, result.error));
    if (result.value.entries.length === 0) return setProblem(t('import.errors.noEntries'));
    setStep({ kind: 'preview', preview: result.value, rows: rowsFromPreview(result.value, existing) });
  };

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    const content = await picked.text();
    setText(content);
    await preview(content);
  };

  const apply = async (rows: ImportRow[]) => {
    setBusy(true);
    const result = await importApply(text, decisionsFromRows(rows));
    setBusy(false);
    if (!result.ok) return setProblem(errorText(t, result.error));
    const { added, replaced } = result.value;
    if (added.length + replaced.length > 0) notify({ tone: 'success', titleKey: 'servers:import.notice', values: { count: added.length + replaced.length } });
    setStep({ kind: 'done', outcome: result.value });
  };

  const rows = step.kind === 'preview' ? step.rows : [];
  const problems = rows.map((row) => renameProblem(row, rows, existing));
  const count = selectedCount(rows);

  const footer =
    step.kind === 'input' ? (
      <>
        <button type="button" className="btn" onClick={() => file.current?.click()}>
          <FileJson /> {t('import.pickFile')}
        </button>
        <span className="spacer" />
        <button type="button" className="btn" onClick={onClose}>
          {t('common:cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void preview(text)}>
          {busy ? <span className="spinner" aria-hidden /> : null}
          {t('import.preview')}
        </button>
      </>
    ) : step.kind === 'preview' ? (
      <>
        <button type="button" className="btn btn-ghost" onClick={() => setStep({ kind: 'input' })}>
          <ArrowLeft /> {t('import.back')}
        </button>
        <span className="spacer" />
        <button type="button" className="btn btn-primary" disabled={busy || count === 0 || problems.some(Boolean)} onClick={() => void apply(step.rows)}>
          {busy ? <span className="spinner" aria-hidden /> : null}
          {t('import.apply', { count })}
        </button>
      </>
    ) : (
      <button type="button" className="btn btn-primary" onClick={onClose}>
        {t('import.close')}
      </button>
    );

  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      wide
      testId="import-dialog"
      title={t('import.title')}
      description={step.kind === 'input' ? t('import.description') : undefined}
      footer={footer}
    >
      {problem ? (
        <div className="callout callout-danger sv-form-problem" role="alert">
          <XCircle aria-hidden /> <span>{problem}</span>
        </div>
      ) : null}
      {step.kind === 'input' ? (
        <>
          <label className="field-label" htmlFor="import-text">
            {t('import.paste')}
          </label>
          <textarea
            id="import-text"
            className="textarea mono sv-import-text"
            value={text}
            spellCheck={false}
            placeholder={'{\n  "mcpServers": {\n    "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] }\n  }\n}'}
            onChange={(e) => setText(e.target.value)}
          />
          <p className="field-hint">{t('import.where')}</p>
          <input ref={file} type="file" accept=".json,.jsonc,application/json" hidden aria-hidden onChange={(e) => void pick(e.target.files?.[0])} />
        </>
      ) : null}
      {step.kind === 'preview' ? (
        <>
          <p className="row sv-import-format">
            <Info size={16} aria-hidden /> {t('import.found', { count: step.preview.entries.length, format: t(`import.format.${step.preview.format}`) })}
          </p>
          {(step.preview.noteTexts ? step.preview.noteTexts.map((note) => hostText(t, note)) : (step.preview.notes ?? [])).map((note, i) => (
            <p key={i} className="sv-import-warning">
              {note}
            </p>
          ))}
          <ul className="sv-import-list" aria-label={t('import.entries')}>
            {step.rows.map((row, index) => (
              <ImportRowView
                key={row.entry.name}
                row={row}
                index={index}
                problem={problems[index]}
                onChange={(next) => setStep({ ...step, rows: step.rows.map((r, i) => (i === index ? next : r)) })}
              />
            ))}
          </ul>
        </>
      ) : null}
      {step.kind === 'done' ? <ImportResult outcome={step.outcome} /> : null}
    </Dialog>
  );
}

/** What an import wrote, and why each failed entry failed (translated from the host's codes). */
export function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  const { t } = useTranslation('servers');
  return (
    <div className="sv-import-result" data-testid="import-result">
      {outcome.added.length > 0 ? (
        <p className="row">
          <CheckCircle2 className="sv-ok" size={16} aria-hidden /> {t('import.added', { names: outcome.added.join(', ') })}
        </p>
      ) : null}
      {outcome.replaced.length > 0 ? (
        <p className="row">
          <CheckCircle2 className="sv-ok" size={16} aria-hidden /> {t('import.replaced', { names: outcome.replaced.join(', ') })}
        </p>
      ) : null}
      {outcome.skipped.length > 0 ? <p className="muted">{t('import.skipped', { names: outcome.skipped.join(', ') })}</p> : null}
      {outcome.failed.map((f) => (
        <p key={f.name} className="field-error">
          <XCircle size={14} aria-hidden /> {t('import.failedOne', { name: f.name, message: errorMessage(t, f.error) })}
        </p>
      ))}
    </div>
  );
}
