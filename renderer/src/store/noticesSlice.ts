/**
 * Notices: what toasts show (actions and host events push them; the Toaster only renders this list), the storage
 * notices of the data folder (a history moved aside, an unreadable settings.json), which stay until dismissed, and the
 * progress of the search index build (a notice while older messages are indexed).
 */
import type { StateCreator } from 'zustand';
import type { Bridge, SearchIndexStatus, StorageNotice } from '../../../shared/contract.ts';
import { err, type AppError, type Result } from '../../../shared/errors.ts';
import type { HostMessage } from '../../../shared/hostMessages.ts';
import type { StoreState } from './index.ts';

/** How a notice looks. */
export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

/** One notice; `titleKey` is an i18n key (with `values`), `detail` is shown as is (an error message, a server name). */
export interface Notice {
  id: number;
  tone: NoticeTone;
  titleKey: string;
  values?: Record<string, string | number>;
  detail?: string;
  /** The detail as the host's message code, which the toast translates (`detail` keeps its English). */
  detailText?: HostMessage;
  /** An i18n key for the detail line (with `values`), when the detail is the UI's own sentence. */
  detailKey?: string;
  /** Error code, translated by the toast when known. */
  code?: string;
}

/** What a caller gives to `notify`. */
export type NoticeInput = Omit<Notice, 'id'>;

/** The notices slice of the store. */
export interface NoticesSlice {
  notices: Notice[];
  notify: (notice: NoticeInput) => void;
  /** A failed call's error as an error toast. */
  notifyError: (titleKey: string, error: AppError, values?: Record<string, string | number>) => void;
  dismissNotice: (id: number) => void;
  /** Files of the data folder kept aside, as the host last reported them; shown until dismissed. */
  storageNotices: StorageNotice[];
  /** The host's background build of the search index, mirrored ('searchIndex.status', then 'searchIndex.changed'). */
  searchIndex: SearchIndexStatus;
  /** Loads the storage notices and the search index status (again after a reconnect) and follows the index build. */
  bindNotices: (bridge: Bridge) => () => void;
  /** Dismisses one storage notice for good (the kept file stays in the data folder). */
  dismissStorageNotice: (id: string) => Promise<Result<StorageNotice[]>>;
  /** Puts a moved-aside history back; the current one is kept aside and announced in its place. */
  restoreHistory: (id: string) => Promise<Result<StorageNotice[]>>;
}

/** At most this many notices are kept (three show, the rest wait behind "+N"); older ones drop off. */
const maxNotices = 20;

/** Creates the notices slice. */
export const createNoticesSlice: StateCreator<StoreState, [], [], NoticesSlice> = (set, get) => {
  let nextId = 1;
  let bridge: Bridge | undefined;
  const withList = async (pending: Promise<Result<StorageNotice[]>>): Promise<Result<StorageNotice[]>> => {
    const result = await pending;
    if (result.ok) set({ storageNotices: result.value });
    return result;
  };
  const notBound = () => Promise.resolve(err<StorageNotice[]>('internal', 'The store is not connected to the host yet'));
  return {
    notices: [],
    notify(notice) {
      const id = nextId++;
      set((s) => ({ notices: [...s.notices, { ...notice, id }].slice(-maxNotices) }));
    },
    notifyError(titleKey, error, values) {
      get().notify({ tone: 'error', titleKey, detail: error.message, ...(error.text ? { detailText: error.text } : {}), code: error.code, ...(values ? { values } : {}) });
    },
    dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),

    storageNotices: [],
    searchIndex: { state: 'ready' },
    bindNotices(next) {
      bridge = next;
      void next.invoke('app.info', {}).then((r) => {
        if (r.ok) set({ storageNotices: r.value.storageNotices ?? [] });
      });
      // An event that arrives before the answer is newer than it; a host without the call answers an error (ignored).
      let pushed = false;
      const off = next.on('searchIndex.changed', (status) => {
        pushed = true;
        // The end of a build the window watched is worth a word; the notice itself just goes away.
        if (status.state === 'ready' && get().searchIndex.state === 'indexing') get().notify({ tone: 'success', titleKey: 'common:searchIndex.done' });
        set({ searchIndex: status });
      });
      void next.invoke('searchIndex.status', {}).then((r) => {
        if (r.ok && !pushed) set({ searchIndex: r.value });
      });
      return off;
    },
    dismissStorageNotice: (id) => (bridge ? withList(bridge.invoke('storage.dismissNotice', { id })) : notBound()),
    restoreHistory: (id) => (bridge ? withList(bridge.invoke('storage.restoreHistory', { id })) : notBound()),
  };
};
