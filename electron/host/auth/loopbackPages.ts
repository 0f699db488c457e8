/**
 * The pages the sign-in listener shows in the user's browser, in the browser's language (Accept-Language): the same
 * three languages as the app. They live here, not in the renderer's locales, because the browser tab is not the app.
 */
import { supportedLanguage, type Language } from '../../../shared/languages.ts';

/** Which page the listener answers with. */
export type LoopbackPageKey = 'badRequest' | 'notFound' | 'unknownSignIn' | 'signedIn' | 'notCompleted' | 'failed';

/** A language the pages are written in. */
export type LoopbackLanguage = Language;

type PageText = { title: string; text: string };

const pages: Record<LoopbackLanguage, Record<LoopbackPageKey, PageText>> = {
  en: {
    badRequest: { title: 'Bad request', text: 'Nothing here.' },
    notFound: { title: 'Not found', text: 'Nothing here.' },
    unknownSignIn: { title: 'Unknown sign-in', text: 'This response does not belong to the sign-in Switchboard is waiting for. Start the sign-in again from Switchboard.' },
    signedIn: { title: 'Signed in', text: 'You can close this tab and return to Switchboard.' },
    notCompleted: { title: 'Sign-in did not complete', text: 'Return to Switchboard to see what happened.' },
    failed: { title: 'Something went wrong', text: 'Return to Switchboard and start the sign-in again.' },
  },
  vi: {
    badRequest: { title: 'Yêu cầu không hợp lệ', text: 'Không có gì ở đây.' },
    notFound: { title: 'Không tìm thấy', text: 'Không có gì ở đây.' },
    unknownSignIn: { title: 'Lần đăng nhập không xác định', text: 'Phản hồi này không thuộc về lần đăng nhập mà Switchboard đang chờ. Hãy bắt đầu đăng nhập lại từ Switchboard.' },
    signedIn: { title: 'Đã đăng nhập', text: 'Bạn có thể đóng thẻ này và quay lại Switchboard.' },
    notCompleted: { title: 'Đăng nhập chưa hoàn tất', text: 'Hãy quay lại Switchboard để xem chuyện gì đã xảy ra.' },
    failed: { title: 'Đã xảy ra lỗi', text: 'Hãy quay lại Switchboard và bắt đầu đăng nhập lại.' },
  },
  'zh-CN': {
    badRequest: { title: '请求无效', text: '这里没有内容。' },
    notFound: { title: '未找到', text: '这里没有内容。' },
    unknownSignIn: { title: '未知的登录', text: '此响应不属于 Switchboard 正在等待的登录。请从 Switchboard 重新开始登录。' },
    signedIn: { title: '已登录', text: '你可以关闭此标签页并返回 Switchboard。' },
    notCompleted: { title: '登录未完成', text: '请返回 Switchboard 查看发生了什么。' },
    failed: { title: '出错了', text: '请返回 Switchboard 并重新开始登录。' },
  },
};

/** The first language of an Accept-Language header the pages are written in (by weight, then order); English otherwise. */
export function loopbackLanguage(acceptLanguage: string | undefined): LoopbackLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const weight = options.map((o) => /^\s*q=([\d.]+)\s*$/.exec(o)?.[1]).find((q) => q !== undefined);
      return { tag: tag.trim().toLowerCase(), q: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return 'en';
}

/** The page's title and sentence in `language`. */
export function loopbackPage(key: LoopbackPageKey, language: LoopbackLanguage): PageText {
  return pages[language][key];
}
