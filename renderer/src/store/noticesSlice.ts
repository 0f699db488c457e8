/** Notices: what toasts show. Actions and host events push them; the Toaster only renders this list. */
import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/errors.ts';
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
}

/** At most this many toasts are kept; older ones drop off. */
const maxNotices = 5;

/** Creates the notices slice. */
export const createNoticesSlice: StateCreator<StoreState, [], [], NoticesSlice> = (set, get) => {
  let nextId = 1;
  return {
    notices: [],
    notify(notice) {
      const id = nextId++;
      set((s) => ({ notices: [...s.notices, { ...notice, id }].slice(-maxNotices) }));
    },
    notifyError(titleKey, error, values) {
      get().notify({ tone: 'error', titleKey, detail: error.message, code: error.code, ...(values ? { values } : {}) });
    },
    dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  };
};
