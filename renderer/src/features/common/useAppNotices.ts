/** Shows the host's one-time notices (app.info.notices) as toasts, once per data folder, once they make sense. */
import { useEffect } from 'react';
import type { SettingsView } from '../../../../shared/settings.ts';
import { useStore } from '../../store/index.ts';

const seenKey = 'switchboard.seenNotices';

function seen(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(seenKey) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Whether a notice means anything yet: "your API key is kept in a file" is noise before there is a key (it used to
 * greet every first run, over the composer). Not shown is not seen: it shows once the key is saved.
 */
export function noticeApplies(notice: string, settings: SettingsView | undefined): boolean {
  if (notice === 'secrets_in_file') return settings?.hasApiKey === true;
  return true;
}

/** Raises each notice of app.info that this browser has not shown yet for this data folder. */
export function useAppNotices(): void {
  const info = useStore((s) => s.appInfo);
  const settings = useStore((s) => s.settings);
  const notify = useStore((s) => s.notify);
  useEffect(() => {
    if (!info) return;
    const shown = seen();
    for (const notice of info.notices) {
      const key = `${info.dataDir}|${notice}`;
      if (shown.has(key) || !noticeApplies(notice, settings)) continue;
      shown.add(key);
      // Web mode sends a key the UI translates; other hosts send a sentence, shown as it is under a generic title.
      if (/^[a-z_]+$/.test(notice)) notify({ tone: 'info', titleKey: `common:hostNotices.${notice}.title`, detailKey: `common:hostNotices.${notice}.body`, values: { dataDir: info.dataDir } });
      else notify({ tone: 'info', titleKey: 'common:hostNotice', detail: notice });
    }
    try {
      localStorage.setItem(seenKey, JSON.stringify([...shown]));
    } catch {
      // Without storage the notice shows again next time; harmless.
    }
  }, [info, settings, notify]);
}
