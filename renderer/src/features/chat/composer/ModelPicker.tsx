/** Picks the model for the next message from the host's model list (loaded on first open). */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, Cpu } from 'lucide-react';
import { useStore } from '../../../store/index.ts';
import { loadModels } from '../hooks/appActions.ts';

/** A compact dropdown button showing the chosen model. */
export function ModelPicker({ value, onChange }: { value: string; onChange: (model: string) => void }) {
  const { t } = useTranslation('chat');
  const models = useStore((s) => s.models);
  const modelsFromApi = useStore((s) => s.modelsFromApi);
  useEffect(() => {
    if (models.length === 0) loadModels();
  }, [models.length]);
  const current = models.find((m) => m.id === value);
  const list = current || !value ? models : [{ id: value, displayName: value }, ...models];

  return (
    <Menu.Root onOpenChange={(open) => (open ? loadModels() : undefined)}>
      <Menu.Trigger asChild>
        <button type="button" className="chat-composer-chip" aria-label={t('composer.model', { model: current?.displayName ?? value })}>
          <Cpu size={14} aria-hidden />
          <span className="chat-composer-chip-text">{current?.displayName ?? (value || t('composer.noModel'))}</span>
          <ChevronDown size={13} aria-hidden />
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu-content chat-model-menu" side="top" align="end" sideOffset={6}>
          <Menu.Label className="chat-menu-label">{modelsFromApi ? t('composer.modelsFromApi') : t('composer.modelsBuiltIn')}</Menu.Label>
          {list.map((model) => (
            <Menu.Item key={model.id} className="menu-item" onSelect={() => onChange(model.id)}>
              <span className="chat-model-name">
                <span>{model.displayName}</span>
                {model.displayName !== model.id && <code>{model.id}</code>}
              </span>
              {model.id === value && <Check aria-hidden className="chat-model-check" />}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
