import { termsOf } from './nlp';

type Entry<T> = { stems: string[]; value: T; phrase: string };

/** Phrases indexed by their first stem, for matching against a document's content-stem sequence. */
export type PhraseTable<T> = Map<string, Array<Entry<T>>>;

export function buildPhraseTable<T>(entries: Iterable<readonly [string, T]>): PhraseTable<T> {
  const table: PhraseTable<T> = new Map();
  for (const [phrase, value] of entries) {
    const stems = termsOf(phrase.toLowerCase()).stems;
    const first = stems[0];
    // A multi-word phrase reduced to one stem by stop words ('six years' → 'year') would match too much.
    if (!first || (stems.length < 2 && /\s/.test(phrase.trim()))) continue;
    const list = table.get(first) ?? [];
    list.push({ stems, value, phrase });
    table.set(first, list);
  }
  for (const list of table.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return table;
}

export type PhraseHit<T> = { value: T; phrase: string; at: number; length: number };

/**
 * Every phrase occurring in the stem sequence. Where phrases overlap, the longest one starting at a
 * position wins, and a shorter phrase is not counted again inside it ('personal data breach' ⊃ 'personal data').
 */
export function matchPhrases<T>(table: PhraseTable<T>, stems: readonly string[]): Array<PhraseHit<T>> {
  const hits: Array<PhraseHit<T>> = [];
  let coveredUntil = 0;
  for (let i = 0; i < stems.length; i += 1) {
    const candidates = table.get(stems[i] ?? '');
    if (!candidates) continue;
    for (const entry of candidates) {
      if (i + entry.stems.length > stems.length) continue;
      let ok = true;
      for (let j = 1; j < entry.stems.length; j += 1) {
        if (stems[i + j] !== entry.stems[j]) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const end = i + entry.stems.length;
      if (end <= coveredUntil) continue;
      hits.push({ value: entry.value, phrase: entry.phrase, at: i, length: entry.stems.length });
      coveredUntil = Math.max(coveredUntil, end);
    }
  }
  return hits;
}
