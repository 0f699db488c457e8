/**
 * Which Chromium the end-to-end tests drive, and, when there is none, a message that says where we looked and what to
 * install (instead of Playwright's bare "Executable doesn't exist" in every suite).
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Environment variable that points the tests at a Chromium or Chrome executable. */
export const CHROMIUM_ENV = 'SWITCHBOARD_CHROMIUM';

/** Distribution packages (Debian's `chromium`, what CI installs; Ubuntu's older name). */
export const systemChromiumPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The outcome of the lookup. */
export type ChromiumLookup = { found: true; path: string } | { found: false; looked: string[]; message: string };

/** Where to look and how to check a path; kept injectable so the order and the message are unit-tested. */
export interface LookupInput {
  env: Record<string, string | undefined>;
  exists: (path: string) => boolean;
  /** The executable `npx playwright-core install chromium` puts in Playwright's cache, if Playwright knows one here. */
  playwrightPath: string | undefined;
}

function howToInstall(looked: string[]): string {
  return [
    'No Chromium for the end-to-end tests. Looked at:',
    ...looked.map((place) => `  - ${place}`),
    'Install one of:',
    '  - Debian/Ubuntu: sudo apt-get install chromium        (gives /usr/bin/chromium)',
    '  - any OS:        npx playwright-core install chromium  (into Playwright\'s cache)',
    `or point ${CHROMIUM_ENV} at a Chromium or Chrome executable, e.g. ${CHROMIUM_ENV}=/path/to/chrome npm test`,
  ].join('\n');
}

/** Picks the browser: the env var when set (and then only it), else the system package, else Playwright's cache. */
export function findChromium({ env, exists, playwrightPath }: LookupInput): ChromiumLookup {
  const pointed = env[CHROMIUM_ENV];
  if (pointed) {
    // An explicit choice that is wrong is an error, not a reason to quietly test another browser.
    if (exists(pointed)) return { found: true, path: pointed };
    const looked = [`${CHROMIUM_ENV}=${pointed} (set, but no such file)`];
    return { found: false, looked, message: howToInstall(looked) };
  }
  const candidates = [...systemChromiumPaths, ...(playwrightPath ? [playwrightPath] : [])];
  const path = candidates.find((candidate) => exists(candidate));
  if (path) return { found: true, path };
  const looked = [
    `${CHROMIUM_ENV} (not set)`,
    ...systemChromiumPaths,
    playwrightPath ? `${playwrightPath} (Playwright's cache)` : "Playwright's cache (Playwright has no Chromium build for this platform)",
  ];
  return { found: false, looked, message: howToInstall(looked) };
}

/** Playwright's own expected path for its Chromium build (it throws on platforms it has no build for). */
function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** The lookup on this machine. */
export function lookUpChromium(env: Record<string, string | undefined> = process.env): ChromiumLookup {
  return findChromium({ env, exists: existsSync, playwrightPath: playwrightChromium() });
}

/** The browser's path, or an error carrying the whole explanation. */
export function chromiumForTests(): string {
  const lookup = lookUpChromium();
  if (!lookup.found) throw new Error(lookup.message);
  return lookup.path;
}
