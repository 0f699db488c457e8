/** Version, mode and where the data lives: what a bug report or a backup needs. */
import { useTranslation } from 'react-i18next';
import { useStore } from '../../store/index.ts';

/** The about card. */
export function AboutSection() {
  const { t } = useTranslation('settings');
  const info = useStore((s) => s.appInfo);
  if (!info) return null;
  return (
    <section className="card st-card" aria-labelledby="st-about">
      <h2 id="st-about" className="st-card-title">
        {t('sections.about')}
      </h2>
      <dl className="st-about">
        <dt>{t('about.version')}</dt>
        <dd>{info.version}</dd>
        <dt>{t('about.mode')}</dt>
        <dd>{t(`about.mode_${info.mode}`)}</dd>
        <dt>{t('about.dataDir')}</dt>
        <dd className="mono">{info.dataDir}</dd>
        <dt>{t('about.platform')}</dt>
        <dd>{info.platform}</dd>
      </dl>
    </section>
  );
}
