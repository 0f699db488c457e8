/** Attach a resource from any ready server: its resources (paged) and templates (filled in by the user). */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, FileCode2, Search } from 'lucide-react';
import { ownValue } from '../../../../../shared/ownRecord.ts';
import type { ResourceInfo, ResourceTemplateInfo } from '../../../../../shared/servers.ts';
import { call } from '../../../bridge/index.ts';
import { useStore } from '../../../store/index.ts';
import { Dialog } from '../../common/Dialog.tsx';
import { expandTemplate, templateVariables } from '../model/uriTemplate.ts';
import { CompletableInput } from './completions/CompletableInput.tsx';
import { errorMessage } from '../../common/errorText.ts';

/** A resource chosen for the next message. */
export interface PickedResource {
  serverId: string;
  uri: string;
  name: string;
}

interface ServerResources {
  resources: ResourceInfo[];
  templates: ResourceTemplateInfo[];
  nextCursor?: string;
  error?: string;
  loading: boolean;
}

function TemplateForm({ serverId, template, onPick }: { serverId: string; template: ResourceTemplateInfo; onPick: (uri: string) => void }) {
  const { t } = useTranslation('chat');
  const names = useMemo(() => templateVariables(template.uriTemplate), [template.uriTemplate]);
  const [values, setValues] = useState<Record<string, string>>({});
  const complete = names.every((n) => (values[n] ?? '').trim() !== '');
  return (
    <form
      className="chat-attach-template-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (complete) onPick(expandTemplate(template.uriTemplate, values));
      }}
    >
      {names.map((name, i) => (
        <label key={name} className="field">
          <span className="field-label">{name}</span>
          <CompletableInput
            serverId={serverId}
            completionRef={{ type: 'ref/resource', uri: template.uriTemplate }}
            name={name}
            autoFocus={i === 0}
            value={values[name] ?? ''}
            context={values}
            onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
          />
        </label>
      ))}
      <code className="chat-attach-preview">{expandTemplate(template.uriTemplate, values)}</code>
      <button type="submit" className="btn btn-primary btn-sm" disabled={!complete}>
        {t('attach.attach')}
      </button>
    </form>
  );
}

/** The dialog; `onPick` receives the chosen resource and the dialog closes. */
export function AttachDialog({ open, onOpenChange, onPick }: { open: boolean; onOpenChange: (open: boolean) => void; onPick: (resource: PickedResource) => void }) {
  const { t } = useTranslation('chat');
  const servers = useStore((s) => s.servers);
  const ready = useMemo(() => servers.filter((s) => s.status.state === 'ready' && s.status.capabilities.resources), [servers]);
  const [serverId, setServerId] = useState<string | undefined>();
  const [data, setData] = useState<Record<string, ServerResources>>({});
  const [query, setQuery] = useState('');
  const [template, setTemplate] = useState<ResourceTemplateInfo | undefined>();
  const active = serverId && ready.some((s) => s.id === serverId) ? serverId : ready[0]?.id;

  const load = async (id: string, cursor?: string): Promise<void> => {
    setData((d) => ({ ...d, [id]: { resources: ownValue(d, id)?.resources ?? [], templates: ownValue(d, id)?.templates ?? [], loading: true } }));
    const [list, templates] = await Promise.all([call('resources.list', cursor ? { serverId: id, cursor } : { serverId: id }), cursor ? undefined : call('resources.templates', { serverId: id })]);
    setData((d) => {
      const prev = ownValue(d, id);
      const resources = [...(cursor ? (prev?.resources ?? []) : []), ...(list.ok ? list.value.resources : [])];
      const next: ServerResources = {
        resources,
        templates: templates ? (templates.ok ? templates.value : []) : (prev?.templates ?? []),
        loading: false,
        ...(list.ok && list.value.nextCursor ? { nextCursor: list.value.nextCursor } : {}),
        ...(!list.ok ? { error: errorMessage(t, list.error) } : {}),
      };
      return { ...d, [id]: next };
    });
  };

  // Closing forgets the lists: the next opening asks again, as servers restart and their resources change (or the
  // last answer was an error).
  useEffect(() => {
    if (!open) setData((d) => (Object.keys(d).length > 0 ? {} : d));
  }, [open]);

  useEffect(() => {
    if (open && active && !ownValue(data, active)) void load(active);
    // Keyed by server only: the data this effect loads must not retrigger it.
  }, [open, active]);

  // Own entries only: a server named `constructor` must not find Object.prototype's member here.
  const current = active ? ownValue(data, active) : undefined;
  const q = query.trim().toLowerCase();
  const match = (r: { name: string; title?: string; description?: string; uri?: string; uriTemplate?: string }): boolean =>
    !q || [r.name, r.title, r.description, r.uri, r.uriTemplate].some((v) => v?.toLowerCase().includes(q));
  const pick = (resource: PickedResource): void => {
    onPick(resource);
    onOpenChange(false);
    setTemplate(undefined);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('attach.title')} description={t('attach.description')} wide testId="attach-dialog">
      {ready.length === 0 ? (
        <p className="muted">{t('attach.noServers')}</p>
      ) : (
        <div className="chat-attach">
          <nav className="chat-attach-servers" aria-label={t('attach.servers')}>
            {ready.map((s) => (
              <button key={s.id} type="button" className={s.id === active ? 'is-active' : undefined} aria-pressed={s.id === active} onClick={() => { setServerId(s.id); setTemplate(undefined); }}>
                {s.id}
              </button>
            ))}
          </nav>
          <div className="chat-attach-main">
            {template && active ? (
              <div>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setTemplate(undefined)}>
                  {t('attach.back')}
                </button>
                <h3 className="chat-attach-template-title">{template.title ?? template.name}</h3>
                {template.description && <p className="muted">{template.description}</p>}
                <TemplateForm serverId={active} template={template} onPick={(uri) => pick({ serverId: active, uri, name: template.title ?? template.name })} />
              </div>
            ) : (
              <>
                <div className="chat-attach-search">
                  <Search size={14} aria-hidden />
                  <input className="input" placeholder={t('attach.search')} value={query} onChange={(e) => setQuery(e.target.value)} aria-label={t('attach.search')} />
                </div>
                {current?.error && <p className="field-error">{current.error}</p>}
                <ul className="chat-attach-list">
                  {current?.resources.filter(match).map((r) => (
                    <li key={r.uri}>
                      <button type="button" onClick={() => active && pick({ serverId: active, uri: r.uri, name: r.title ?? r.name })}>
                        <FileText size={15} aria-hidden />
                        <span className="chat-attach-item">
                          <span className="chat-attach-name">{r.title ?? r.name}</span>
                          <code>{r.uri}</code>
                        </span>
                        {r.mimeType && <span className="chip">{r.mimeType}</span>}
                      </button>
                    </li>
                  ))}
                  {current?.templates.filter(match).map((tpl) => (
                    <li key={tpl.uriTemplate}>
                      <button type="button" onClick={() => setTemplate(tpl)}>
                        <FileCode2 size={15} aria-hidden />
                        <span className="chat-attach-item">
                          <span className="chat-attach-name">{tpl.title ?? tpl.name}</span>
                          <code>{tpl.uriTemplate}</code>
                        </span>
                        <span className="chip">{t('attach.template')}</span>
                      </button>
                    </li>
                  ))}
                </ul>
                {current?.loading && <div className="spinner" role="status" aria-label={t('attach.loading')} />}
                {current && !current.loading && current.resources.length === 0 && current.templates.length === 0 && <p className="muted">{t('attach.empty')}</p>}
                {current?.nextCursor && active && !current.loading && (
                  <button type="button" className="btn btn-sm" onClick={() => void load(active, current.nextCursor)}>
                    {t('attach.more')}
                  </button>
                )}
              </>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
