import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../../../i18n/index.ts';
import { formatDuration, type DurationText } from './format.ts';

const textIn = (lng: string): DurationText => (key, values) => i18next.t(key, { ...values, lng, ns: 'chat' });

beforeAll(() => {
  initI18n('en');
});

describe('formatDuration', () => {
  it('names its units in the chosen language', () => {
    expect(formatDuration(125_000, textIn('vi'), 'vi')).toBe('2 phút 5 giây');
    expect(formatDuration(1234, textIn('vi'), 'vi')).toBe('1,2 giây');
    expect(formatDuration(1234, textIn('zh-CN'), 'zh-CN')).toBe('1.2 秒');
    expect(formatDuration(120_000, textIn('zh-CN'), 'zh-CN')).toBe('2 分钟');
  });

  it('keeps milliseconds below a second and whole seconds from ten on', () => {
    expect(formatDuration(850, textIn('en'), 'en')).toBe('850 ms');
    expect(formatDuration(42_400, textIn('en'), 'en')).toBe('42 s');
    expect(formatDuration(125_000, textIn('en'), 'en')).toBe('2 min 5 s');
  });
});
