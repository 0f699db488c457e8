/** The default model: a list from the API (or the built-in list), and free text for gateways with other names. */
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';
import { errorMessage } from '../common/errorText.ts';

/** Props of ModelField. */
export interface ModelFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Reload the list when the key or base URL changes. */
  reloadKey: string;
}

/** A text input with the known models as suggestions. */
export function ModelField({ value, onChange, error, reloadKey }: ModelFieldProps) {
  const { t } = useTranslation('settings');
  const models = useStore((s) => s.models);
  const fromApi = useStore((s) => s.modelsFromApi);
  const loadModels = useStore((s) => s.loadModels);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | undefined>(undefined);

  const reload = async () => {
    setLoading(true);
    const result = await loadModels();
    setLoading(false);
    setFailed(result.ok ? undefined : errorMessage(t, result.error));
  };

  // Reload when the source (key, base URL) changes, not when the function identity does.
  useEffect(() => {
    void reload();
  }, [reloadKey]);

  const known = models.find((m) => m.id === value);
  return (
    <div className="field">
      <label className="field-label" htmlFor="settings-model">
        {t('model.label')}
      </label>
      <div className="row">
        <input
          id="settings-model"
          className="input mono"
          list="settings-model-list"
          value={value}
          spellCheck={false}
          aria-invalid={Boolean(error)}
          aria-describedby="settings-model-hint"
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" className="icon-btn" aria-label={t('model.reload')} onClick={() => void reload()} disabled={loading}>
          <RefreshCw className={loading ? 'sv-spin' : undefined} />
        </button>
      </div>
      <datalist id="settings-model-list">
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.displayName}
          </option>
        ))}
      </datalist>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="field-hint" id="settings-model-hint">
        {known && known.displayName !== known.id ? `${known.displayName} · ` : ''}
        {failed ? t('model.failed', { message: failed }) : fromApi ? t('model.fromApi', { count: models.length }) : t('model.builtIn')}
      </p>
    </div>
  );
}
