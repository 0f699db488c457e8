/** i18next setup: every `locales/<lng>/<namespace>.json` is bundled; the language follows settings or the browser. */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { matchLanguage, supportedLanguages, type Language } from '../../../shared/languages.ts';

export { matchLanguage, supportedLanguages, type Language } from '../../../shared/languages.ts';

// Each feature owner adds its own namespace files; the glob picks them up without a central list to keep in sync.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

/** The bundled resources, keyed by language then namespace. */
export function bundledResources(): Resource {
  const resources: Resource = {};
  for (const [path, module] of Object.entries(files)) {
    const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    const language = (resources[match[1]] ??= {});
    language[match[2]] = module.default;
  }
  return resources;
}

/** The language for a settings choice; `system` asks the browser. */
export function resolveLanguage(choice: string | undefined): Language {
  if (choice && choice !== 'system') return matchLanguage(choice);
  return matchLanguage(typeof navigator === 'undefined' ? undefined : navigator.languages?.[0] ?? navigator.language);
}

const storageKey = 'switchboard.language';

// The last explicit choice, so the first paint is in the right language before settings arrive from the host.
function rememberedLanguage(): string | undefined {
  try {
    return localStorage.getItem(storageKey) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Initialises i18next once; safe to call again (tests). */
export function initI18n(language?: Language): typeof i18next {
  if (i18next.isInitialized) {
    if (language && i18next.language !== language) void i18next.changeLanguage(language);
    return i18next;
  }
  const resources = bundledResources();
  void i18next
    .use(initReactI18next)
    .init({
      resources,
      lng: language ?? resolveLanguage(rememberedLanguage()),
      fallbackLng: 'en',
      supportedLngs: [...supportedLanguages],
      ns: Object.keys(resources.en ?? {}),
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes.
      returnNull: false,
      initAsync: false,
    });
  return i18next;
}

/** Applies the settings' language choice and remembers it for the next start (before settings load). */
export function applyLanguage(choice: string | undefined): void {
  const language = resolveLanguage(choice);
  try {
    if (choice && choice !== 'system') localStorage.setItem(storageKey, language);
    else localStorage.removeItem(storageKey);
  } catch {
    // No storage: the language still applies for this session.
  }
  if (i18next.language !== language) void i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
