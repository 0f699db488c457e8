import { describe, expect, it } from 'vitest';
import { Bm25Index, tokenize } from './bm25.ts';

const doc = (id: string, text: string) => ({ id, fields: [{ text, weight: 1 }] });

describe('BM25 tokenizer', () => {
  it('splits camelCase, snake_case, kebab-case and server prefixes, drops stop words and stems plurals and -ing', () => {
    expect(tokenize('fs_work__read_text_file')).toEqual(['fs', 'work', 'read', 'text', 'file']);
    expect(tokenize('listDirectoryWithSizes')).toEqual(['list', 'directory', 'size']);
    expect(tokenize('get-tiny-image')).toEqual(['tiny', 'image']);
    expect(tokenize('Please show me the entities and searching nodes')).toEqual(['entity', 'search', 'node']);
  });

  it('keeps non-Latin letters (Vietnamese, Chinese) as terms', () => {
    expect(tokenize('đọc tệp 读取文件')).toEqual(['đọc', 'tệp', '读取文件']);
  });
});

describe('BM25 index', () => {
  const index = new Bm25Index([
    doc('read', 'read the contents of a file'),
    doc('write', 'write a file, replacing its contents'),
    doc('list', 'list a directory'),
    doc('echo', 'echo a message back'),
  ]);

  it('ranks the document sharing the rarer query terms first', () => {
    expect(index.search('read file', 2).map((h) => h.id)).toEqual(['read', 'write']);
    expect(index.search('directory listing', 3).map((h) => h.id)).toEqual(['list']);
  });

  it('leaves out documents sharing no term, and returns nothing for an empty or stop-word query', () => {
    expect(index.search('weather forecast', 5)).toEqual([]);
    expect(index.search('', 5)).toEqual([]);
    expect(index.search('the of a', 5)).toEqual([]);
  });

  it('weights fields and breaks ties by id, so rankings are deterministic', () => {
    const weighted = new Bm25Index([
      { id: 'b', fields: [{ text: 'note', weight: 1 }] },
      { id: 'a', fields: [{ text: 'note', weight: 1 }] },
      { id: 'c', fields: [{ text: 'note', weight: 3 }] },
    ]);
    expect(weighted.search('note', 3).map((h) => h.id)).toEqual(['c', 'a', 'b']);
  });
});
