import { describe, expect, it } from 'vitest';
import { matchNoticeLanguage, noticeFor, noticeLanguageFor, noticeText, type NoticeKind, type NoticeLanguage } from './notificationText.ts';

const kinds: NoticeKind[] = ['approval', 'elicitation', 'sampling'];
const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('desktop notification sentences', () => {
  for (const language of ['vi', 'zh-CN'] as NoticeLanguage[]) {
    it(`${language} translates every sentence, keeping its parameters`, () => {
      for (const kind of kinds) {
        const english = noticeText.en[kind];
        const other = noticeText[language][kind];
        expect(other.title).not.toBe(english.title);
        expect(other.body).not.toBe(english.body);
        expect(params(other.body)).toEqual(params(english.body));
      }
    });
  }

  it('picks the setting, or the system language for "system", as the window does', () => {
    expect(noticeLanguageFor('vi', 'en-US')).toBe('vi');
    expect(noticeLanguageFor('zh-CN', 'vi-VN')).toBe('zh-CN');
    expect(noticeLanguageFor('system', 'vi-VN')).toBe('vi');
    expect(noticeLanguageFor('system', 'zh-TW')).toBe('zh-CN');
    expect(noticeLanguageFor(undefined, 'fr-FR')).toBe('en');
    expect(matchNoticeLanguage(undefined)).toBe('en');
  });

  it('fills the tool and server once, leaving braces a server wrote as they are', () => {
    expect(noticeFor('vi', 'approval', { what: 'Get Sum', server: 'everything' })).toEqual({ title: 'Một công cụ đang chờ bạn cho phép', body: 'Chạy Get Sum của everything?' });
    expect(noticeFor('zh-CN', 'elicitation', { what: 'say {{server}}', server: 'forms' }).body).toBe('forms 询问：say {{server}}');
  });
});
