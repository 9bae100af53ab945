import { describe, expect, it } from 'vitest';
import { termsOf } from './nlp';
import { buildPhraseTable, matchPhrases } from './phrase-matcher';

describe('matchPhrases', () => {
  const table = buildPhraseTable([
    ['personal data', 'pd'],
    ['personal data breach', 'pdb'],
    ['penetration test', 'pt'],
  ]);

  it('matches inflected phrases on stems, preferring the longest phrase', () => {
    const stems = termsOf('Notify every Personal Data Breach and run penetration tests').stems;
    expect(matchPhrases(table, stems).map((h) => h.value)).toEqual(['pdb', 'pt']);
  });

  it('finds nothing when the words are not adjacent', () => {
    expect(matchPhrases(table, termsOf('personal use of data').stems)).toEqual([]);
  });
});
