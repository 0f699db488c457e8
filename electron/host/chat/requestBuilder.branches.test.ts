import { describe, expect, it } from 'vitest';
import type { ChatMessage, ContentBlock } from '../../../shared/chat.ts';
import { toApiMessages } from './requestBuilder.ts';

let seq = 0;
function msg(role: 'user' | 'assistant', blocks: ContentBlock[], extra: Partial<ChatMessage> = {}): ChatMessage {
  seq += 1;
  return { id: `m${seq}`, chatId: 'c', role, blocks, status: 'complete', createdAt: seq, updatedAt: seq, ...extra };
}
const text = (t: string): ContentBlock => ({ type: 'text', text: t });
const userTexts = (out: ReturnType<typeof toApiMessages>): string[] =>
  out.filter((m) => m.role === 'user').map((m) => (Array.isArray(m.content) ? m.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('|') : m.content));

describe('what is sent after a failed or stopped turn', () => {
  it('does not merge a message whose reply failed (a 429) into the next one', () => {
    const out = toApiMessages(
      [
        msg('user', [text('Test the rate limit please')]),
        msg('assistant', [], { status: 'error', error: { code: 'api_rate_limited', message: '429' } }),
        msg('user', [text('Write a long essay')]),
      ],
      1000,
    );
    expect(userTexts(out)).toEqual(['Write a long essay']);
    expect(JSON.stringify(out)).not.toContain('rate limit');
  });

  it('does not send a message whose reply was stopped before writing anything, but keeps one with a partial reply', () => {
    const out = toApiMessages(
      [
        msg('user', [text('first')]),
        msg('assistant', [text('')], { status: 'stopped' }),
        msg('user', [text('second')]),
        msg('assistant', [text('half an answer')], { status: 'stopped' }),
        msg('user', [text('third')]),
      ],
      1000,
    );
    expect(out.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(userTexts(out)).toEqual(['second', 'third']);
  });

  it('still sends the message being answered (the last one, not yet replied to)', () => {
    const out = toApiMessages([msg('user', [text('hello')])], 1000);
    expect(userTexts(out)).toEqual(['hello']);
  });
});
