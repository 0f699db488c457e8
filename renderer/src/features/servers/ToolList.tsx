/** A server's tools: enable each one, choose its approval policy, and whether read-only hints are trusted. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { Search } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerView, ToolSummary } from '../../../../shared/servers.ts';
import { isolateName, revealInvisible } from '../../../../shared/visibleText.ts';
import { useStore } from '../../store/index.ts';
import { selectServerTools } from '../../store/serversSlice.ts';
import { Switch } from '../common/Switch.tsx';
import { measureFromObserver } from '../common/measureFromObserver.ts';
import { ToolRow } from './ToolRow.tsx';
import { AppsSwitch } from '../apps/AppsServerControls.tsx';
import { createToolFilter } from './tools/toolFilter.ts';
import { ToolRowTextProvider, toolRowTextFor } from './tools/toolRowText.ts';
import './toolList.css';

/** From this many tools the filter shows. */
const FILTER_FROM = 9;
/** From this many shown tools only the rows in view are rendered (a server may offer thousands). */
export const VIRTUALIZE_FROM = 60;
/**
 * A row's height before it is measured: a title, a one-line description and the inputs toggle (86 px in the app's
 * theme). The rows a keystroke mounts are new to the virtualizer: when this is their real height the observer's sizes
 * change nothing, while a wrong one (it was 74) moved every row below and rendered them all again per keystroke.
 * Constant on purpose: a row measured at the estimate is not cached, so a changing estimate would move it.
 */
const ROW_ESTIMATE = 86;

/** Rows rendered past each edge of the view: enough for keyboard focus to move on, few to mount per keystroke. */
const OVERSCAN = 3;

/**
 * The rows in view of a long list, in their own scroll box. Memoized (as ToolRow is): a keystroke in the filter first
 * renders the box with the old list, which then leaves these rows alone; the filtered list follows at the deferred
 * priority. Row sizes come from the resize observer (measureFromObserver.ts), not from a layout forced per commit.
 */
const VirtualRows = memo(function VirtualRows({ tools, label }: { tools: readonly ToolSummary[]; label: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  // Stable per list: the virtualizer recomputes every item's position (thousands) whenever its key function changes.
  const getItemKey = useCallback((i: number) => tools[i]?.exposedName ?? i, [tools]);
  const virtualizer = useVirtualizer({
    count: tools.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey,
    measureElement: measureFromObserver,
    overscan: OVERSCAN,
    useFlushSync: false,
  });
  return (
    <div ref={scroller} className="sv-tool-scroll" data-testid="tool-scroll">
      <ul className="sv-tool-list sv-tool-list-virtual" aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const tool = tools[item.index];
          return tool ? <ToolRow key={item.key} tool={tool} index={item.index} setSize={tools.length} start={item.start} measureRef={virtualizer.measureElement} /> : null;
        })}
      </ul>
    </div>
  );
});

/** Props of ToolList. */
export interface ToolListProps {
  server: ServerView;
}

/** The tool list of one server, with a filter when it is long; long lists render only the rows in view. */
export function ToolList({ server }: ToolListProps) {
  const { t, i18n } = useTranslation('servers');
  const rowText = useMemo(() => toolRowTextFor(i18n, i18n.language), [i18n, i18n.language]);
  const tools = useStore(selectServerTools(server.id));
  const setTrustReadOnly = useStore((s) => s.setTrustReadOnly);
  const notifyError = useStore((s) => s.notifyError);
  const [query, setQuery] = useState('');
  // The input answers each key at once; the (cheap) filtering of thousands of rows may lag a frame behind.
  const deferredQuery = useDeferredValue(query);
  const toolFilter = useMemo(() => createToolFilter(tools), [tools]);
  const filteredFor = deferredQuery.trim().toLowerCase();
  const shown = useMemo(() => toolFilter.filter(filteredFor), [toolFilter, filteredFor]);

  if (tools.length === 0) {
    return <p className="muted sv-tools-empty">{server.status.state === 'ready' ? t('tools.none') : t('tools.notReady')}</p>;
  }
  const label = t('tools.listLabel', { name: revealInvisible(server.id) });
  return (
    <div className="sv-tools">
      <div className="sv-tools-head">
        <label className="row sv-trust">
          <Switch
            checked={server.config.trustReadOnlyHints ?? false}
            label={t('tools.trustReadOnly')}
            onCheckedChange={(trust) =>
              void setTrustReadOnly(server.id, trust).then((r) => {
                if (!r.ok) notifyError('servers:tools.changeFailed', r.error, { name: isolateName(server.id) });
              })
            }
          />
          <span>
            {t('tools.trustReadOnly')}
            <span className="field-hint"> — {t('tools.trustReadOnlyHint')}</span>
          </span>
        </label>
        {tools.some((tool) => tool.ui) || server.config.apps === false ? <AppsSwitch server={server} /> : null}
        {tools.length >= FILTER_FROM ? (
          <div className="sv-tools-filter">
            <Search aria-hidden />
            <input className="input" type="search" value={query} placeholder={t('tools.filter')} aria-label={t('tools.filter')} onChange={(e) => setQuery(e.target.value)} />
          </div>
        ) : null}
      </div>
      {query.trim() ? (
        <p className="muted sv-tools-count" role="status" data-testid="tool-count" data-query={filteredFor}>
          {shown.length === 0 ? t('tools.noMatch') : t('tools.matchCount', { count: shown.length, total: tools.length })}
        </p>
      ) : null}
      <ToolRowTextProvider value={rowText}>
        {shown.length >= VIRTUALIZE_FROM ? (
          <VirtualRows tools={shown} label={label} />
        ) : shown.length > 0 ? (
          <ul className="sv-tool-list" aria-label={label}>
            {shown.map((tool) => (
              <ToolRow key={tool.exposedName} tool={tool} />
            ))}
          </ul>
        ) : null}
      </ToolRowTextProvider>
    </div>
  );
}
