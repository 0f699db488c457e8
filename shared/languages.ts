/** The languages Switchboard speaks, and how a BCP 47 tag (vi-VN, zh-Hans-CN, en-GB…) maps to one of them. */

/** Languages the UI, the notifications and the sign-in pages are written in. */
export const supportedLanguages = ['en', 'vi', 'zh-CN'] as const;
/** A supported language. */
export type Language = (typeof supportedLanguages)[number];

/** The supported language a tag names, or undefined when it names none of them. */
export function supportedLanguage(tag: string | undefined): Language | undefined {
  const lower = (tag ?? '').trim().toLowerCase();
  if (lower.startsWith('vi')) return 'vi';
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

/** The supported language a tag names; English for any other. */
export function matchLanguage(tag: string | undefined): Language {
  return supportedLanguage(tag) ?? 'en';
}
