/** Host messages that nest another host message's code read whole in the user's language. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { englishOf, hostMessage } from '../../../../shared/hostMessages.ts';
import { initI18n } from '../../i18n/index.ts';
import { hostText } from './errorText.ts';

beforeAll(() => {
  initI18n('vi');
});
afterAll(async () => {
  await i18next.changeLanguage('en');
});

describe('nested host messages', () => {
  const unreadable = hostMessage('settings.fileUnreadableKept', { path: '/d/settings.json', copy: 'settings.json.unreadable-1', problemCode: 'import.jsonAt', line: 3, column: 7, reason: 'Unexpected token' });
  const attachment = hostMessage('chat.attachmentRefused', { uri: 'file:///a.txt', server: 'files', reasonCode: 'call.notReady' });

  it('says the outer and the nested sentence in English for logs', () => {
    expect(englishOf(unreadable)).toBe(
      '/d/settings.json cannot be read (Not valid JSON at line 3, column 7: Unexpected token), so Switchboard will not overwrite it. A copy is kept as settings.json.unreadable-1. Fix or delete the file, then try again.',
    );
    expect(englishOf(attachment)).toBe('The attachment file:///a.txt could not be read from files: The server "files" is not ready yet (see its state in Servers).');
  });

  it.each(['vi', 'zh-CN'])('translates both parts in %s, with no English sentence left', async (language) => {
    await i18next.changeLanguage(language);
    for (const message of [unreadable, attachment]) {
      const shown = hostText(i18next.t, message);
      expect(shown).not.toContain('$t(');
      expect(shown).not.toMatch(/cannot be read|Not valid JSON|could not be read|is not ready/);
    }
    expect(hostText(i18next.t, unreadable)).toContain('/d/settings.json');
    expect(hostText(i18next.t, attachment)).toContain('files');
  });
});
