import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { buildMatch, documentForm, searchTerms, trigramForm } from './searchQuery.ts';

// Every Vietnamese vowel with every tone, and đ, in both cases.
const vietnameseLetters = [...'aăâeêioôơuưy'].flatMap((v) => ['', '\u0300', '\u0301', '\u0309', '\u0303', '\u0323'].map((tone) => `${v}${tone}`.normalize('NFC')));
const letters = [...vietnameseLetters, 'đ'].flatMap((l) => [l, l.toUpperCase()]);

describe('the query folded as the history index folds it', () => {
  it('writes đ as d, as the documents do, and leaves the rest to the tokenizer', () => {
    expect(documentForm('Đường đi Hà Nội')).toBe('Dường di Hà Nội');
    expect(documentForm('天气')).toBe('天气');
  });

  it('looks up 2-character terms by their folded trigrams', () => {
    expect(trigramForm('Hà')).toBe('ha');
    expect(trigramForm('ĐƯ')).toBe('du');
    expect(trigramForm('ội')).toBe('oi');
    expect(trigramForm('天气')).toBe('天气');
    // SQLite folds a final sigma and no marks outside Latin (measured): those stay.
    expect(trigramForm('ΌΣ')).toBe('όσ');
    expect(trigramForm('ας')).toBe('ασ');
    expect(trigramForm('йо')).toBe('йо');
  });

  it('folds every Vietnamese letter exactly as the tokenizer does (with đ written as d first)', () => {
    const db = new DatabaseSync(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'trigram remove_diacritics 1'); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')`);
    const insert = db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)');
    letters.forEach((letter, i) => insert.run(i + 1, documentForm(`xx${letter}`)));
    const stored = new Map((db.prepare('SELECT doc, term FROM v').all() as { doc: number; term: string }[]).map((r) => [Number(r.doc), [...r.term].slice(2).join('')]));
    letters.forEach((letter, i) => expect(trigramForm(letter), letter).toBe(stored.get(i + 1)));
    db.close();
  });

  it('builds phrases of 3+ characters with đ folded, and ORs the trigrams a 2-character term starts', () => {
    const asked: string[] = [];
    const lookup = (prefix: string) => {
      asked.push(prefix);
      return prefix === 'ha' ? ['ha ', 'han', 'hat'] : [];
    };
    expect(buildMatch('  Đường   Hà ', lookup)).toBe('"Dường" AND ("ha " OR "han" OR "hat")');
    expect(asked).toEqual(['ha']);
    expect(buildMatch('đi', lookup)).toBeNull();
    expect(asked).toEqual(['ha', 'di']);
    expect(buildMatch('a', lookup)).toBeUndefined();
    expect(buildMatch('say "hi"', lookup)).toBe('"say" AND """hi"""');
  });

  it('splits terms on whitespace, composed', () => {
    expect(searchTerms(' Ha\u0300  No\u0323\u0302i ')).toEqual(['Hà', 'Nội']);
  });
});
