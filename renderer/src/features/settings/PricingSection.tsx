/**
 * The "Prices" card: the user's own price per model id (US dollars per million tokens) over the built-in table in
 * shared/pricing/modelPrices.ts, e.g. for a gateway. Saved at once; validated by the same schema the host applies.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { modelPriceSchema, priceFor, PRICES_AS_OF, type ModelPrice } from '../../../../shared/pricing/modelPrices.ts';
import type { Settings } from '../../../../shared/settings.ts';
import { useSettingsPatch } from './useSettingsPatch.ts';
import './pricing.css';

const fields = ['input', 'output', 'cacheWrite', 'cacheRead'] as const;
type Field = (typeof fields)[number];
type Draft = Record<Field, string>;

const draftOf = (price: ModelPrice | undefined): Draft => ({
  input: price ? String(price.input) : '',
  output: price ? String(price.output) : '',
  cacheWrite: price ? String(price.cacheWrite) : '',
  cacheRead: price ? String(price.cacheRead) : '',
});

/** Parses a draft into a price, or undefined when a field is empty, not a number, or out of range. */
export function parsePriceDraft(draft: Draft): ModelPrice | undefined {
  const values = fields.map((f) => (draft[f].trim() === '' ? Number.NaN : Number(draft[f])));
  const parsed = modelPriceSchema.safeParse({ input: values[0], output: values[1], cacheWrite: values[2], cacheRead: values[3] });
  return parsed.success ? parsed.data : undefined;
}

/** The prices card. */
export function PricingSection() {
  const { t } = useTranslation('pricing');
  const { settings, change } = useSettingsPatch();
  const [model, setModel] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  if (!settings) return null;
  const modelId = model ?? settings.model;
  const shown = draft ?? draftOf(priceFor(modelId, settings.modelPrices));
  const overrides = Object.entries(settings.modelPrices);
  const save = (modelPrices: Settings['modelPrices']) => change({ modelPrices });
  const add = () => {
    const id = modelId.trim();
    if (!id) return setProblem(t('settings.invalidModel'));
    const price = parsePriceDraft(shown);
    if (!price) return setProblem(t('settings.invalidPrice'));
    setProblem(undefined);
    setDraft(undefined);
    save({ ...settings.modelPrices, [id]: price });
  };
  return (
    <section className="card st-card" aria-labelledby="st-pricing" data-testid="pricing-section">
      <h2 id="st-pricing" className="st-card-title">
        {t('settings.title')}
      </h2>
      <p className="field-hint">{t('settings.intro', { date: PRICES_AS_OF })}</p>
      {overrides.length === 0 ? (
        <p className="muted">{t('settings.empty')}</p>
      ) : (
        <table className="st-prices">
          <thead>
            <tr>
              <th scope="col">{t('settings.model')}</th>
              {fields.map((f) => (
                <th key={f} scope="col">
                  {t(`settings.${f}`)}
                </th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {overrides.map(([id, price]) => (
              <tr key={id}>
                <td className="mono">{id}</td>
                {fields.map((f) => (
                  <td key={f}>{price[f]}</td>
                ))}
                <td>
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={t('settings.remove', { model: id })}
                    onClick={() => save(Object.fromEntries(overrides.filter(([other]) => other !== id)))}
                  >
                    <X size={14} aria-hidden />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="st-price-form">
        <label className="field">
          <span className="field-label">{t('settings.model')}</span>
          <input
            className="input mono"
            value={modelId}
            spellCheck={false}
            onChange={(e) => {
              setModel(e.target.value);
              setDraft(undefined);
            }}
          />
        </label>
        {fields.map((f) => (
          <label key={f} className="field">
            <span className="field-label">{t(`settings.${f}`)}</span>
            <input className="input" inputMode="decimal" value={shown[f]} onChange={(e) => setDraft({ ...shown, [f]: e.target.value })} />
          </label>
        ))}
        <button type="button" className="btn" onClick={add}>
          {t('settings.add')}
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
