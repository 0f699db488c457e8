/**
 * The few sentences of the desktop's OS notifications, in the user's language. The main process has no i18next (the
 * renderer's bundles live in the window), so this table holds them for en, vi and zh-CN; the language is the app's
 * setting, or the system's for "system", as the window picks it.
 */
import { matchLanguage, type Language } from '../../shared/languages.ts';

/** A language the notifications are written in. */
export type NoticeLanguage = Language;

/** Which request waits for the user. */
export type NoticeKind = 'approval' | 'elicitation' | 'sampling';

/** One notification's title and body template (`{{what}}`: the tool or question, `{{server}}`: the server's name). */
type NoticeTemplates = Record<NoticeKind, { title: string; body: string }>;

/** The notification sentences per language; a test checks each language has every one, with the same parameters. */
export const noticeText: Record<NoticeLanguage, NoticeTemplates> = {
  en: {
    approval: { title: 'A tool waits for your approval', body: 'Run {{what}} from {{server}}?' },
    elicitation: { title: 'A server asks for your input', body: '{{server}} asks: {{what}}' },
    sampling: { title: 'A server wants to use the model', body: '{{server}} wants to use the model' },
  },
  vi: {
    approval: { title: 'Một công cụ đang chờ bạn cho phép', body: 'Chạy {{what}} của {{server}}?' },
    elicitation: { title: 'Một máy chủ cần bạn nhập thông tin', body: '{{server}} hỏi: {{what}}' },
    sampling: { title: 'Một máy chủ muốn dùng mô hình', body: '{{server}} muốn dùng mô hình' },
  },
  'zh-CN': {
    approval: { title: '有工具在等待你的批准', body: '运行 {{server}} 的 {{what}}？' },
    elicitation: { title: '有服务器请你输入信息', body: '{{server}} 询问：{{what}}' },
    sampling: { title: '有服务器想使用模型', body: '{{server}} 想使用模型' },
  },
};

/** Maps a BCP 47 tag (vi-VN, zh-Hans-CN, en-GB...) to a notification language, as the window does. */
export const matchNoticeLanguage: (tag: string | undefined) => NoticeLanguage = matchLanguage;

/** The language for the app's setting: a chosen language, or the system's (`systemLocale`) for "system". */
export function noticeLanguageFor(setting: string | undefined, systemLocale: string | undefined): NoticeLanguage {
  return matchNoticeLanguage(setting && setting !== 'system' ? setting : systemLocale);
}

/** The title and body of one notification in `language`. */
export function noticeFor(language: NoticeLanguage, kind: NoticeKind, params: { what: string; server: string }): { title: string; body: string } {
  const templates = noticeText[language][kind];
  // A single pass over the template: a tool name holding "{{server}}" stays as written.
  const body = templates.body.replace(/\{\{(what|server)\}\}/g, (_, name: 'what' | 'server') => params[name]);
  return { title: templates.title, body };
}
