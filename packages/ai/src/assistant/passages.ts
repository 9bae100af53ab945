import { searchStem } from './vocabulary';

/**
 * Passages of a document's text for the assistant to find and quote: paragraphs (a heading stays with
 * what follows it), long ones cut at sentence ends, and ranking of candidate passages by BM25.
 */

const MAX_PASSAGE = 700;
const MIN_PASSAGE = 200;
const MAX_PASSAGES = 2_000;

function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.;!?])\s+(?=[A-Z0-9(“"])/).filter(Boolean);
}

/**
 * Table rows (tab-separated) read with their header: 'Severity: Critical; Internet-facing systems:
 * 72 hours', so a row answers a question in the words of its columns. Each row is its own paragraph.
 */
function tableRowsWithHeaders(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let header: string[] | null = null;
  return lines
    .map((line) => {
      if (!line.includes('\t')) {
        if (line.trim()) header = null;
        return line;
      }
      const cells = line.split('\t').map((c) => c.trim());
      if (!header) {
        header = cells;
        return `\n${cells.join(' | ')}\n`;
      }
      const columns = header;
      return `\n${cells.map((c, i) => (columns[i] && c ? `${columns[i]}: ${c}` : c)).filter(Boolean).join('; ')}\n`;
    })
    .join('\n');
}

/** The text cut into passages of at most ~700 characters, in order; short lines are joined to the next. */
export function splitPassages(text: string): string[] {
  const paragraphs = tableRowsWithHeaders(text)
    .split(/\n\s*\n|\n(?=\s*(?:\d+(?:\.\d+)*[.)]?\s|[A-Z][A-Z &/-]{3,}\n|[-•*]\s))/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const out: string[] = [];
  let carry = '';
  for (const paragraph of paragraphs) {
    const joined = carry ? `${carry} ${paragraph}` : paragraph;
    if (joined.length < MIN_PASSAGE) {
      carry = joined;
      continue;
    }
    carry = '';
    let current = '';
    for (const sentence of joined.length > MAX_PASSAGE ? sentences(joined) : [joined]) {
      if (current && current.length + sentence.length + 1 > MAX_PASSAGE) {
        out.push(current);
        current = '';
      }
      current = current ? `${current} ${sentence}` : sentence.slice(0, MAX_PASSAGE * 2);
    }
    if (current) out.push(current);
    if (out.length >= MAX_PASSAGES) break;
  }
  if (carry && out.length < MAX_PASSAGES) out.push(carry);
  return out.slice(0, MAX_PASSAGES);
}

const STOP = new Set('a an and are as at be by did do does for from has have how in is it its of on or our the their this to was we were what when where which who why will with'.split(' '));

/** 'notification', 'notified' and 'notify' (also 'verification', 'classified') rank as one word. */
const fromVerb = (stem: string) => IRREGULAR[stem] ?? stem.replace(/ificat$|ified$/, 'ify').replace(/(?<=[a-z]{4})(?:ed|ing)$/, '');

/** Forms the stemmer leaves apart that a question and a document use for one thing. */
const IRREGULAR: Record<string, string> = { notice: 'notify', lost: 'lose', loss: 'lose', losses: 'lose', lose: 'lose', restore: 'restor', restored: 'restor' };

/** Lower-case word stems without stop words; `figures` keeps every number, one digit long or more. */
function termsOf(text: string, figures: boolean): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => (figures && /^\d+$/.test(w)) || (w.length > 1 && !STOP.has(w)))
    .map((w) => (/^\d+$/.test(w) ? w : fromVerb(searchStem(w))));
}

/** Search terms of a text: lower-case word stems without stop words. */
export function passageTerms(text: string): string[] {
  return termsOf(text, false);
}

/**
 * What the answer looks like beside BM25's bag of words: the question's words side by side ('certificate
 * number'), and for 'how many …' a figure next to the thing counted ('61 orders', 'High: 11').
 */
function answerShape(query: string, idf: ReadonlyMap<string, number>): (text: string) => number {
  const sequence = passageTerms(query);
  const pairs = sequence.slice(1).map((t, i) => [sequence[i]!, t] as const).filter(([a, c]) => a !== c);
  // The thing counted: the words after 'how many' up to the verb ('how many high findings were there').
  const thing = /\b(?:how many|number of)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?=\s+(?:were|was|did|do|does|are|is|have|has|had|in|on|of|from|got|there|we|they)\b|[?.!]|$)/iu.exec(query)?.[1];
  const counted = thing ? new Set(passageTerms(thing)) : null;
  return (text) => {
    const tokens = termsOf(text, true);
    let bonus = 0;
    const seen = new Set<string>();
    for (let i = 1; i < tokens.length; i++) {
      const pair = pairs.find(([a, c]) => a === tokens[i - 1] && c === tokens[i]);
      if (pair && !seen.has(pair.join(' '))) {
        seen.add(pair.join(' '));
        bonus += ((idf.get(pair[0]) ?? 0) + (idf.get(pair[1]) ?? 0)) / 4;
      }
    }
    if (counted) {
      let figure = 0;
      for (let i = 0; i < tokens.length; i++) {
        if (!/^\d/.test(tokens[i]!)) continue;
        const beside = [tokens[i - 1], tokens[i + 1]].filter((t): t is string => t !== undefined && counted.has(t));
        for (const t of beside) figure = Math.max(figure, 1 + (idf.get(t) ?? 0));
      }
      bonus += figure;
    }
    return bonus;
  };
}

/** How often a term occurs as the start of a word, as the full-text search's prefix match finds it. */
function termFrequency(counts: ReadonlyMap<string, number>, term: string): number {
  let sum = 0;
  for (const [word, n] of counts) if (word.startsWith(term)) sum += n;
  return sum;
}

export type RankedPassage<T> = { item: T; score: number };

/**
 * BM25 (k1 1.2, b 0.75) over the candidates. `total` and `averageLength` describe the whole collection
 * the candidates were drawn from; a term's document frequency is counted in the candidates, which are
 * every passage holding any query term, so it is exact.
 */
export function rankPassages<T extends { text: string }>(query: string, candidates: readonly T[], collection: { total: number; averageLength: number }): Array<RankedPassage<T>> {
  const terms = [...new Set(passageTerms(query))];
  if (!terms.length || !candidates.length) return [];
  const docs = candidates.map((item) => {
    const tokens = passageTerms(item.text);
    const counts = new Map<string, number>();
    for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    return { item, length: tokens.length, counts };
  });
  const total = Math.max(collection.total, candidates.length);
  const average = collection.averageLength || docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  // A term no candidate holds as a word is looked for as the start of one ('syslog' in 'syslogd').
  const byPrefix = new Set(terms.filter((t) => t.length >= 4 && !docs.some((d) => d.counts.has(t))));
  const idf = new Map(terms.map((t) => {
    const df = docs.filter((d) => (byPrefix.has(t) ? termFrequency(d.counts, t) : (d.counts.get(t) ?? 0)) > 0).length;
    return [t, Math.log(1 + (total - df + 0.5) / (df + 0.5))];
  }));
  const k1 = 1.2;
  const b = 0.75;
  const shape = answerShape(query, idf);
  return docs
    .map(({ item, length, counts }) => {
      let score = 0;
      for (const t of terms) {
        const tf = byPrefix.has(t) ? termFrequency(counts, t) : (counts.get(t) ?? 0);
        if (tf) score += (idf.get(t) ?? 0) * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / average)));
      }
      return { item, score: score > 0 ? score + shape(item.text) : 0 };
    })
    .filter((r) => r.score > 0)
    .sort((a, b2) => b2.score - a.score);
}
