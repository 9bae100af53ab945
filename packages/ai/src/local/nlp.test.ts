import { describe, expect, it } from 'vitest';
import { analyzeText, contentStems, indexTerms, termsOf } from './nlp';

describe('analyzeText', () => {
  it('keeps exact character offsets for every token and sentence', () => {
    const text = 'The Supplier shall encrypt data (e.g. backups).\n  Logs are kept for 12 months.';
    const { tokens, sentences } = analyzeText(text);
    for (const t of tokens) expect(text.slice(t.start, t.end)).toBe(t.value);
    expect(sentences.map((s) => text.slice(s.start, s.end))).toEqual(['The Supplier shall encrypt data (e.g. backups).', 'Logs are kept for 12 months.']);
  });
});

describe('terms', () => {
  it('stems words, drops stop words and joins hyphenated words', () => {
    expect(termsOf('The sub-processors encrypted the backups').stems).toEqual(['subprocessor', 'encrypt', 'backup']);
    expect(termsOf('multi-factor authentication').index).toEqual(expect.arrayContaining(['multifactor', 'multi', 'factor']));
  });

  it('keeps word families apart where the Porter stem would merge them', () => {
    expect(termsOf('awareness').stems).not.toEqual(termsOf('aware').stems);
    expect(termsOf('integrity').stems).not.toEqual(termsOf('integrate').stems);
  });

  it('splits configuration identifiers into words', () => {
    const { tokens } = analyzeText('"MinimumPasswordLength": 14, "bitLockerEnabled": true');
    expect(contentStems(tokens)).toEqual(expect.arrayContaining(['minimum', 'password', 'length']));
    expect(indexTerms(tokens)).toEqual(expect.arrayContaining(['bitlocker']));
  });
});
