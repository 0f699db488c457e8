/**
 * Finds English sentences in text that should be in another language, two ways: every English UI and host sentence
 * of the bundled locales (their fixed parts between {{placeholders}}), and a heuristic for English from anywhere else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const englishDir = fileURLToPath(new URL('../../renderer/src/i18n/locales/en/', import.meta.url));

function strings(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) strings(inner, out);
  return out;
}

/**
 * The fixed parts of every English string the UI bundles (all namespaces, hostMessages included) that are sentences:
 * at least three words and twelve characters, so names kept in every language ("Claude Desktop", "VS Code") are not.
 */
export function bundledEnglish(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(englishDir).filter((name) => name.endsWith('.json'))) {
    for (const text of strings(JSON.parse(readFileSync(`${englishDir}${file}`, 'utf8')), [])) {
      for (const part of text.replace(/\$t\([^)]*\)/g, '{{}}').split(/\{\{[^}]*\}\}/)) {
        const fragment = part.trim();
        if (fragment.length >= 12 && fragment.split(/\s+/).filter((word) => /[A-Za-z]{2,}/.test(word)).length >= 3) found.add(fragment);
      }
    }
  }
  return [...found];
}

/**
 * A run of four or more plain-ASCII words (two letters or more, separated by spaces or commas) reads as English:
 * Vietnamese marks almost every other word with a diacritic and Chinese has no spaces, while the names and values a
 * screen legitimately keeps (commands, paths, URLs, "Claude Desktop", "HTTP 401") come alone or in pairs.
 */
const asciiRun = /\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){3,}\b/g;

/** English sentences in `text`: bundled English fragments it contains, then ASCII word runs. */
export function englishSentences(text: string, english: readonly string[]): string[] {
  const known = english.filter((fragment) => text.includes(fragment));
  const runs = text.split('\n').flatMap((line) => line.match(asciiRun) ?? []);
  return [...new Set([...known, ...runs])];
}
