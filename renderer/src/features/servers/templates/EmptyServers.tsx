/** The servers page when none is configured: what a server is, two one-click templates, add by hand or import. */
import { Brain, FolderTree, Import, Plus, ServerCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../common/EmptyState.tsx';
import { serverTemplates, type ServerTemplate } from './templates.ts';

/** Props of EmptyServers. */
export interface EmptyServersProps {
  onTemplate: (template: ServerTemplate) => void;
  onAdd: () => void;
  onImport: () => void;
}

/** Teaches the first step. */
export function EmptyServers({ onTemplate, onAdd, onImport }: EmptyServersProps) {
  const { t } = useTranslation('servers');
  return (
    <div className="card sv-empty" data-testid="servers-empty">
      <EmptyState icon={<ServerCog />} title={t('empty.title')}>
        {t('empty.body')}
      </EmptyState>
      <div className="sv-templates">
        {serverTemplates.map((template) => (
          <button key={template.id} type="button" className="sv-template" onClick={() => onTemplate(template)} data-testid={`template-${template.id}`}>
            <span className="sv-template-icon" aria-hidden>
              {template.id === 'filesystem' ? <FolderTree /> : <Brain />}
            </span>
            <span className="sv-template-text">
              <strong>{t(`template.${template.id}.title`)}</strong>
              <span className="muted">{t(`template.${template.id}.short`)}</span>
            </span>
          </button>
        ))}
      </div>
      <div className="row sv-empty-actions">
        <button type="button" className="btn" onClick={onAdd}>
          <Plus /> {t('add')}
        </button>
        <button type="button" className="btn" onClick={onImport}>
          <Import /> {t('import.button')}
        </button>
      </div>
    </div>
  );
}
