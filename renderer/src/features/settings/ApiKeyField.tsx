/** The API key, write-only: shows whether one is set, takes a new one, never shows the stored value. */
import { CheckCircle2, KeyRound, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { errorText } from '../common/errorText.ts';

/** The key field of the settings page. */
export function ApiKeyField() {
  const { t } = useTranslation('settings');
  const settings = useStore((s) => s.settings);
  const setApiKey = useStore((s) => s.setApiKey);
  const notify = useStore((s) => s.notify);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const hasKey = settings?.hasApiKey ?? false;

  const save = async () => {
    if (!value.trim()) return setProblem(t('apiKey.empty'));
    setBusy(true);
    const result = await setApiKey(value.trim());
    setBusy(false);
    // Forget the typed key at once, whatever happened: it must not linger in the page.
    setValue('');
    if (!result.ok) return setProblem(errorText(t, result.error));
    setProblem(undefined);
    notify({ tone: 'success', titleKey: 'settings:apiKey.saved' });
  };

  const remove = async () => {
    const result = await setApiKey(null);
    if (!result.ok) {
      setProblem(errorText(t, result.error));
      return false;
    }
    notify({ tone: 'success', titleKey: 'settings:apiKey.removed' });
    return true;
  };

  return (
    <div className="field" data-testid="api-key-field">
      <label className="field-label" htmlFor="api-key">
        {t('apiKey.label')}
      </label>
      <div className={hasKey ? 'st-key-status st-key-set' : 'st-key-status'} role="status" data-testid="api-key-status">
        {hasKey ? <CheckCircle2 aria-hidden /> : <KeyRound aria-hidden />}
        <span>{hasKey ? t('apiKey.set') : t('apiKey.notSet')}</span>
        {hasKey ? (
          <button type="button" className="btn btn-sm btn-ghost st-key-remove" onClick={() => setConfirmRemove(true)}>
            {t('apiKey.remove')}
          </button>
        ) : null}
      </div>
      {/* Not a <form>: the settings page is one, and forms cannot nest. Enter in the field saves the key. */}
      <div className="st-key-row">
        <input
          id="api-key"
          className="input mono"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={hasKey ? t('apiKey.replacePlaceholder') : 'sk-ant-…'}
          aria-invalid={Boolean(problem)}
          aria-describedby="api-key-hint"
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
          }}
        />
        <button type="button" className="btn btn-primary" disabled={busy || !value.trim()} onClick={() => void save()}>
          {busy ? <span className="spinner" aria-hidden /> : null}
          {hasKey ? t('apiKey.replace') : t('apiKey.save')}
        </button>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="field-hint" id="api-key-hint">
        {t('apiKey.hint')}
      </p>
      {settings?.secretStorage === 'file' ? (
        <p className="field-hint st-key-storage">
          <ShieldAlert size={14} aria-hidden /> {t('apiKey.fileStorage')}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t('apiKey.removeTitle')}
        description={t('apiKey.removeDescription')}
        confirmLabel={t('apiKey.remove')}
        onConfirm={remove}
      />
    </div>
  );
}
