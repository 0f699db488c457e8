import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ContentBlock } from '../../../../shared/chat.ts';
import { messageFindText } from '../../../../shared/find.ts';
import { textMatchRanges } from '../../../../shared/textMatch.ts';
import { chatSnippets, messageSnippet } from './chatSnippets.ts';
import { historyDbForTests } from './testHistoryDb.ts';

// A real history.db file for each test, opened the way the host opens it.
const history = historyDbForTests('sb-snippets-');

let clock = 1000;
function message(id: string, role: 'user' | 'assistant', blocks: ContentBlock[]): ChatMessage {
  clock += 1;
  return { id, chatId: 'a', role, blocks, status: 'complete', createdAt: clock, updatedAt: clock };
}
const say = (text: string): ContentBlock[] => [{ type: 'text', text }];
const toolCall = (id: string, input: unknown, resultText: string): ContentBlock => ({
  type: 'tool_call', id, exposedName: 'fs__read_file', serverId: 'fs', toolName: 'read_file', input, status: 'done', destructive: false,
  result: { content: [{ type: 'text', text: resultText }], isError: false },
});

describe('the snippet of one message', () => {
  it('takes the text’s first match before reading the tool calls', () => {
    const readCalls = vi.fn(() => ['zebra in a call']);
    expect(messageSnippet('a Zebra and a zebra', readCalls, 'zebra')).toMatchObject({ occurrence: 0, inTool: false, matchStart: 2, matchLength: 5 });
    expect(readCalls).not.toHaveBeenCalled();
  });

  it('counts the occurrence of a tool call’s match as find counts the message’s find text', () => {
    const reply = message('r', 'assistant', [{ type: 'text', text: 'Reading.' }, toolCall('t1', { q: 'x' }, 'nothing'), toolCall('t2', { q: 'y' }, 'a quokka here')]);
    const calls = ['read_file\n{"q":"x"}\nnothing', 'read_file\n{"q":"y"}\na quokka here'];
    const found = messageSnippet('Reading.', () => calls, 'quokka');
    expect(found).toMatchObject({ occurrence: 0, inTool: true });
    // The occurrence-th match of the find text is the one in the excerpt.
    const ranges = textMatchRanges(messageFindText(reply), 'quokka');
    expect(ranges).toHaveLength(1);
    expect(messageSnippet('Reading.', () => calls, 'absent')).toBeUndefined();
  });
});

describe('sidebar search snippets and branches (host)', () => {
  it('takes the newest match of a chat without versions, shown, and marks it hidden once a version hides it', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    history.repo.insertMessage(message('u1', 'user', say('Is the axolotl a fish?')));
    history.repo.insertMessage(message('a1', 'assistant', say('The axolotl is an amphibian.')), 'u1');
    expect(chatSnippets(history.db, ['a'], 'axolotl').a).toMatchObject({ messageId: 'a1', hidden: false });
    // A regenerated reply without the word: the chat now has versions, and the match is on the one not shown.
    history.repo.insertMessage(message('a1b', 'assistant', say('No, a salamander.')), 'u1');
    expect(chatSnippets(history.db, ['a'], 'axolotl').a).toMatchObject({ messageId: 'u1', hidden: false });
    expect(chatSnippets(history.db, ['a'], 'amphibian').a).toMatchObject({ messageId: 'a1', hidden: true });
  });

  it('shows a match that is only on a version not shown, marked hidden', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    history.repo.insertMessage(message('u1', 'user', say('Tell me about lizards')));
    history.repo.insertMessage(message('a1', 'assistant', say('The axolotl is an amphibian.')), 'u1');
    // A regenerated reply: the version shown, without the word.
    history.repo.insertMessage(message('a1b', 'assistant', say('Geckos climb walls.')), 'u1');
    expect(history.repo.tree.leaf('a')).toBe('a1b');
    expect(chatSnippets(history.db, ['a'], 'axolotl').a).toMatchObject({ messageId: 'a1', hidden: true, occurrence: 0, inTool: false });
  });

  it('prefers an older match on the branch shown to a newer one on another version', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    history.repo.insertMessage(message('u1', 'user', say('Is the axolotl a fish?')));
    history.repo.insertMessage(message('a1', 'assistant', say('No, an amphibian.')), 'u1');
    history.repo.insertMessage(message('a2', 'assistant', say('The axolotl is a salamander.')), 'u1');
    history.repo.tree.setLeaf('a', 'a1');
    expect(chatSnippets(history.db, ['a'], 'axolotl').a).toMatchObject({ messageId: 'u1', hidden: false });
    history.repo.tree.setLeaf('a', 'a2');
    expect(chatSnippets(history.db, ['a'], 'axolotl').a).toMatchObject({ messageId: 'a2', hidden: false });
  });

  it('finds a tool result on a hidden version, newest first among hidden ones', () => {
    history.repo.createChat('a', 'A', 'm', 1);
    history.repo.insertMessage(message('u1', 'user', say('Read the log')));
    history.repo.insertMessage(message('a1', 'assistant', [{ type: 'text', text: 'Reading.' }, toolCall('t1', { f: 'log' }, 'the quokka restarted')]), 'u1');
    history.repo.insertMessage(message('u2', 'user', say('Read the log again')), null);
    history.repo.insertMessage(message('a2', 'assistant', say('Fine.')), 'u2');
    const snippet = chatSnippets(history.db, ['a'], 'quokka').a!;
    expect(snippet).toMatchObject({ messageId: 'a1', hidden: true, inTool: true, occurrence: 0 });
    expect(snippet.text.slice(snippet.matchStart, snippet.matchStart + snippet.matchLength)).toBe('quokka');
  });
});
