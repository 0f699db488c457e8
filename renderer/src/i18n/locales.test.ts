import { describe, expect, it } from 'vitest';
import { hostMessageCodes, hostMessageEnglish } from '../../../shared/hostMessages.ts';
import { errorCodes } from '../../../shared/errors.ts';
import { bundledResources, matchLanguage } from './index.ts';

type Tree = { [key: string]: string | Tree };

/** Flattens to dotted keys, folding plural suffixes (languages have different plural forms). */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') out.set(path.replace(/_(zero|one|two|few|many|other)$/, ''), value);
    else for (const [k, v] of flatten(value, `${path}.`)) out.set(k, v);
  }
  return out;
}

// Strings that read the same in every language (names, codes, placeholders).
const sameEverywhere = /^(URL|MCP \{\{version\}\}|\{\{[a-z]+\}\}|\{\{name\}\} \{\{version\}\}.*|stderr|host|server|Claude Desktop|Claude Code|Cursor|Windsurf|Gemini CLI|VS Code|Anthropic API|\{\{field\}\}: \{\{message\}\}|Claude Desktop: .*|\{\{progress\}\} \/ \{\{total\}\})$/;

describe('translations of every namespace', () => {
  const resources = bundledResources();
  // Every namespace English has, so a new one (or the chat's, approvals', elicitation's) cannot be missed.
  for (const ns of Object.keys(resources.en ?? {})) {
    const english = flatten((resources.en?.[ns] ?? {}) as Tree);
    for (const language of ['vi', 'zh-CN']) {
      it(`${language}/${ns} has every English key, translated`, () => {
        const other = flatten((resources[language]?.[ns] ?? {}) as Tree);
        expect([...english.keys()].filter((k) => !other.has(k))).toEqual([]);
        expect([...other.keys()].filter((k) => !english.has(k))).toEqual([]);
        const untranslated = [...english].filter(([k, v]) => other.get(k) === v && !sameEverywhere.test(v)).map(([k]) => k);
        expect(untranslated).toEqual([]);
      });
    }
  }

  // The host's codes come from the host's own list, so a message added there without a translation fails here.
  for (const language of ['en', 'vi', 'zh-CN']) {
    it(`${language} translates every host message code and every error code`, () => {
      const host = flatten((resources[language]?.hostMessages ?? {}) as Tree);
      expect(hostMessageCodes.filter((code) => !host.get(code))).toEqual([]);
      const common = flatten((resources[language]?.common ?? {}) as Tree);
      expect(errorCodes.filter((code) => !common.get(`errors.${code}`))).toEqual([]);
      // The same parameters in every language: a dropped {{command}} would hide what failed.
      const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(hostMessageCodes.filter((code) => JSON.stringify(names(host.get(code) ?? '')) !== JSON.stringify(names(hostMessageEnglish[code])))).toEqual([]);
    });
  }

  it('keeps the English locale of host messages equal to the host English the logs get', () => {
    const host = flatten((resources.en?.hostMessages ?? {}) as Tree);
    expect(Object.fromEntries(host)).toEqual(hostMessageEnglish);
  });

  it('maps browser languages to the supported ones', () => {
    expect(matchLanguage('vi-VN')).toBe('vi');
    expect(matchLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLanguage('zh-TW')).toBe('zh-CN');
    expect(matchLanguage('fr-FR')).toBe('en');
  });
});
