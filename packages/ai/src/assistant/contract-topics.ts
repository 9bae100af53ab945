import type { ContractObligation } from './tools';
import { CONTRACT_TOPIC_STOP, CONTRACT_TOPIC_WORDS } from './question/lexicon';
import type { Filters } from './question/plan';

/**
 * Which obligations a contract question is about: the topic words (each with the other words contracts
 * use for it), all of them where possible, else the rarer ones; framework and report names as phrases.
 */

const MAX_SHARE_FOR_OR = 0.12;
const VERBS = new Set('make makes made get gets give gives tell tells let lets put puts take takes say says said met meet meets apply applies run runs perform conduct hand over oblige obliges oblig carry hold holds maintain fix fixed fixes resolve resolved remediate remediated restrict stored store accessed process stop prevent forbid prohibit allow permit where'.split(' '));

type Group = { options: string[]; known: boolean };

/** One word's group; 'sessions|devices' (written 'sessions or devices') is one group of both. */
function groupOf(word: string): Group {
  const parts = word.split('|').map((w) => {
    const options = CONTRACT_TOPIC_WORDS.find(([pattern]) => pattern.test(w))?.[1];
    return options ? { options, known: true } : { options: [w], known: false };
  });
  return { options: [...new Set(parts.flatMap((g) => g.options))], known: parts.some((g) => g.known) };
}

/**
 * The topic of a contract question as groups of alternatives (every group must match), and phrases. A
 * word already inside another group's phrase ('test' of 'pen test') and a group narrower than another
 * ('patch' beside 'vulnerabilities', which includes patching) add nothing.
 */
export function contractTopic(f: Filters): { groups: string[][]; phrases: string[]; known: string[][] } {
  const meaningful = (w: string) => w.length > 2 && !VERBS.has(w) && ![...CONTRACT_TOPIC_STOP].some((stop) => w.startsWith(stop));
  const words = (f.query ?? '').split(' ').map((w) => w.split('|').filter(meaningful).join('|')).filter(Boolean);
  const byKey = new Map<string, Group>();
  for (const w of words) byKey.set(groupOf(w).options.join('|'), groupOf(w));
  const all = [...byKey.values()];
  const kept = all.filter((g) => {
    const others = all.filter((o) => o !== g);
    const insidePhrase = !g.known && others.some((o) => o.options.some((opt) => opt.includes(' ') && opt.split(' ').some((part) => part.startsWith(g.options[0]!))));
    const narrower = others.some((o) => o.options.length > g.options.length && g.options.every((opt) => o.options.includes(opt)));
    return !insidePhrase && !narrower;
  });
  const phrases = [
    f.framework ? (f.framework.name.match(/\b(?:27001|27701|pci|hipaa|soc 2|nist|gdpr|cis)\b/i)?.[0] ?? f.framework.name) : '',
    ...(f.evidence_type === 'SOC 2 Report' ? ['soc 2'] : f.evidence_type === 'Penetration Test' ? ['penetration', 'pen test', 'health check'] : []),
  ].filter(Boolean);
  return { groups: kept.map((g) => g.options), phrases: phrases.map((p) => p.toLowerCase()), known: kept.filter((g) => g.known).map((g) => g.options) };
}

const hasAny = (text: string, options: string[]) => options.some((o) => text.includes(o));

/**
 * The obligations about the topic: every group; else the rarer groups, leaving out the commonest one at
 * a time ('background checks on staff': those about background checks); else any group rare enough to
 * mean something (held by at most 12% of all obligations). A thing contracts have words
 * for that no obligation mentions ('cyber insurance') means none; a topic found nowhere narrows nothing
 * (null).
 */
export function obligationsAbout(obligations: ContractObligation[], all: ContractObligation[], topic: { groups: string[][]; phrases: string[]; known?: string[][] }): ContractObligation[] | null {
  const lower = (o: ContractObligation) => o.text.toLowerCase();
  let pool = obligations;
  if (topic.phrases.length) pool = pool.filter((o) => topic.phrases.some((p) => lower(o).includes(p)));
  if (!topic.groups.length) return topic.phrases.length ? pool : null;
  if (topic.known?.some((g) => !all.some((o) => hasAny(lower(o), g)))) return [];
  const held = (g: string[]) => all.filter((o) => hasAny(lower(o), g)).length;
  let groups = [...topic.groups].sort((a, b) => held(a) - held(b));
  while (groups.length) {
    const every = pool.filter((o) => groups.every((g) => hasAny(lower(o), g)));
    if (every.length) return every;
    if (groups.length === 1 || held(groups[0]!) > MAX_SHARE_FOR_OR * all.length) break;
    groups = groups.slice(0, -1);
  }
  const rare = topic.groups.filter((g) => held(g) <= MAX_SHARE_FOR_OR * all.length);
  const some = rare.length && topic.groups.length > 1 ? pool.filter((o) => rare.some((g) => hasAny(lower(o), g))) : [];
  if (some.length) return some;
  if (topic.phrases.length) return pool;
  return all.some((o) => topic.groups.some((g) => hasAny(lower(o), g))) ? [] : null;
}

const MENTION = /\b(?:mention(?:s|ing)?|refer(?:s|ring)? to|talk(?:s|ing)? about|say(?:s|ing)? anything about|reference(?:s)?)\s+(?:a |an |the |any |our )?([a-z0-9][a-z0-9 '-]{1,60}?)\s*(?=[?.!,;]|$| in (?:the|our|any|all|each|every)\b| across\b| at all\b| within\b)/i;

/** A phrase as a pattern: each word singular or plural, the last one also as a prefix ('tests' finds 'testing'). */
function phrasePattern(phrase: string): RegExp {
  const words = phrase.split(/\s+/).map((w) => escape(w.length > 3 ? w.replace(/e?s$/, '') : w));
  return new RegExp(`\\b${words.join('[\\s-]+')}`, 'i');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const EDGE_WORDS = new Set('a an the of to for in on at and with by from our their its we us all any each'.split(' '));

/** The phrase, then its runs of two words or more, longest first ('independent penetration test' → 'penetration test'). */
function subPhrases(phrase: string): string[] {
  const words = phrase.split(/\s+/);
  if (words.length === 1) return words;
  const runs: string[] = [];
  for (let size = words.length; size >= 2; size--) for (let at = 0; at + size <= words.length; at++) runs.push(words.slice(at, at + size).join(' '));
  // A run must start and end on a word of its own ('data at' and 'of the' say nothing).
  return runs.filter((run, i) => i === 0 || (!EDGE_WORDS.has(run.split(' ')[0]!) && !EDGE_WORDS.has(run.split(' ').at(-1)!)));
}

/**
 * 'Which contracts mention disaster recovery?': the words as written, when obligations use them, are the
 * topic (before the other words contracts use for it). Each alternative ('X or Y') found nowhere is
 * tried by its shorter runs of words ('minimum necessary standard' → 'minimum necessary'). Null when the
 * question names no such phrase; `found` is false when no obligation uses it at all.
 */
export function literalTopic(question: string, obligations: ContractObligation[], all: ContractObligation[]): { matches: ContractObligation[]; found: boolean } | null {
  const phrase = MENTION.exec(question.trim())?.[1]?.toLowerCase().trim();
  if (!phrase) return null;
  const alternatives = phrase.split(/\s*(?:,|\bor\b|\/)\s*/).filter((p) => p.length > 2);
  const matching = (pattern: RegExp) => (o: ContractObligation) => pattern.test(o.text);
  const patterns = alternatives.flatMap((alternative) => {
    const found = subPhrases(alternative).map(phrasePattern).find((p) => all.some(matching(p)));
    return found ? [found] : [];
  });
  if (patterns.length) return { matches: obligations.filter((o) => patterns.some((p) => p.test(o.text))), found: true };
  return alternatives.some((a) => !a.includes(' ')) ? { matches: [], found: false } : null;
}
