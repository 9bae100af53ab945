import { DOMAINS } from '@compliance/catalog/domains';
import type { Vocabulary } from '../tools';
import { findFrameworks, withoutFrameworks } from '../vocabulary';
import { ABBREVIATIONS, spellOut } from '../../abbreviations';
import { AREA_NAMES, CONTRACT_GENRES, DOMAIN_SYNONYMS, EVIDENCE_TYPE_WORDS, STATUS_PHRASES } from './lexicon';
import type { Filters, Period, RequirementStatus } from './plan';

/**
 * Entity linking: every thing a question names, found against the product's words and the tenant's own
 * vocabulary (contract names and counterparties, evidence names, owners, requirement ids). Each match is
 * blanked from `rest`, so what is left are the topic words.
 */

/** `domainWord` is set when the domain was named by a topic word ('encryption'), not by its name. */
export type Linked = { filters: Filters; rest: string; me: boolean; domainWord?: string };

const DAY = 86_400_000;

/** Lower case, straight quotes, expanded contractions, single spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\bwhat's\b/g, 'what is')
    .replace(/\bwho's\b/g, 'who is')
    .replace(/\bwhere's\b/g, 'where is')
    .replace(/\bhow's\b/g, 'how is')
    .replace(/\b(do|does|did|is|are|has|have|was|were)n't\b/g, '$1 not')
    .replace(/\bcan't\b/g, 'cannot')
    .replace(/\bwon't\b/g, 'will not')
    .replace(/\bi'm\b/g, 'i am')
    .replace(/\bwe're\b/g, 'we are')
    .replace(/\bwe've\b/g, 'we have')
    .replace(/\b(?:reqs|requirments|requirement?s|reqirements)\b/g, 'requirements')
    .replace(/\bmgmt\b|\bmanagment\b/g, 'management')
    .replace(/\b(physical|network|net|info|information|endpoint|cloud|data|cyber|ops) sec\b/g, '$1 security')
    .replace(/\b(nobody|no one)'s\b/g, '$1 has')
    .replace(/\bnot-started\b/g, 'not started')
    .replace(/\bin-progress\b/g, 'in progress')
    .replace(/\b(baa|dpa|msa|sla|nda)s\b/g, '$1')
    .replace(/\breq\b/g, 'requirement')
    .replace(/(?<![\w-])r(?![\w-])/g, 'are')
    .replace(/\bi\.e\.,?|\be\.g\.,?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

class Text {
  constructor(public rest: string) {}
  /** Finds the pattern in what is left; blanks and returns the match. */
  take(pattern: RegExp): RegExpExecArray | null {
    const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(this.rest);
    if (match) this.rest = `${this.rest.slice(0, match.index)} ${' '.repeat(match[0].length)} ${this.rest.slice(match.index + match[0].length)}`;
    return match;
  }
  has(pattern: RegExp): boolean {
    return pattern.test(this.rest);
  }
}

function isoDay(date: Date): string {
  return date.toISOString();
}

function startOfWeek(now: Date): Date {
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day));
}

/** 'this week', 'last 30 days', 'since March', 'yesterday', 'this month', 'last month', 'recently'. */
export function periodOf(text: Text, now: Date): Period | undefined {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const until = isoDay(now);
  let m = text.take(/\b(?:in |over |during )?(?:the )?(?:last|past|previous) (\d{1,3}|two|three|four|six|twelve) (days?|weeks?|months?)\b/);
  if (m) {
    const n = Number(m[1]) || ({ two: 2, three: 3, four: 4, six: 6, twelve: 12 } as Record<string, number>)[m[1]!]!;
    const unit = m[2]!.startsWith('week') ? 7 : m[2]!.startsWith('month') ? 30 : 1;
    return { since: isoDay(new Date(now.getTime() - n * unit * DAY)), until, label: `in the last ${n} ${m[2]}` };
  }
  if ((m = text.take(/\b(?:this|the current) week\b|\bsince monday\b/))) return { since: isoDay(startOfWeek(now)), until, label: 'this week' };
  if ((m = text.take(/\b(?:last|the past|previous) week\b/))) {
    const start = new Date(startOfWeek(now).getTime() - 7 * DAY);
    return { since: isoDay(start), until: isoDay(startOfWeek(now)), label: 'last week' };
  }
  if ((m = text.take(/\btoday\b/))) return { since: isoDay(today), until, label: 'today' };
  if ((m = text.take(/\byesterday\b/))) return { since: isoDay(new Date(today.getTime() - DAY)), until: isoDay(today), label: 'yesterday' };
  if ((m = text.take(/\bthis month\b/))) return { since: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))), until, label: 'this month' };
  if ((m = text.take(/\b(?:last|the past|previous) month\b/))) return { since: isoDay(new Date(now.getTime() - 30 * DAY)), until, label: 'in the last 30 days' };
  if ((m = text.take(/\b(?:recently|lately|recent)\b/))) return { since: isoDay(new Date(now.getTime() - 7 * DAY)), until, label: 'in the last 7 days' };
  return undefined;
}

const WORD_HOURS: Record<string, number> = { one: 1, two: 2, 'twenty-four': 24, 'forty-eight': 48, 'seventy-two': 72, three: 3, five: 5, seven: 7, ten: 10, thirty: 30 };

const UNIT_HOURS: Record<string, number> = { hour: 1, day: 24, 'business day': 24, week: 168 };

function deadlineOf(text: Text): number | undefined {
  const single = text.take(/\b(?:(?:due|required|needed|expected) )?(?:within|in|under|inside|inside of) (?:a|an|one|a single) (hour|business day|day|week)\b/);
  if (single) return UNIT_HOURS[single[1]!];
  const m = text.take(/\b(?:(?:due|required|needed|expected) )?(?:within |in |under |inside )?(\d{1,3}|one|two|three|five|seven|ten|thirty|twenty-four|forty-eight|seventy-two)[- ]?(hours?|hrs?|h|days?|business days?|weeks?)\b/);
  if (!m) return undefined;
  const n = Number(m[1]) || WORD_HOURS[m[1]!] || 0;
  return m[2]!.startsWith('h') ? n : m[2]!.startsWith('week') ? n * 168 : n * 24;
}

function domainOf(text: Text): { number: number; word?: string } | undefined {
  for (const domain of DOMAINS) {
    const full = domain.name.toLowerCase().replace(/&/g, '(?:&|and)').replace(/\s+/g, '\\s+');
    if (text.take(new RegExp(`\\b${full}\\b(?: domain)?`))) return { number: domain.number };
  }
  for (const domain of DOMAINS) {
    for (const part of domain.name.toLowerCase().split(' & ')) {
      const words = part.replace(/\s+/g, '\\s+');
      if (text.take(new RegExp(`\\b${words}(?= (?:requirements?|controls?|items?|domain|area|gaps?|work|evidence)\\b)`))) return { number: domain.number };
    }
  }
  for (const [number, pattern] of AREA_NAMES) {
    if (text.take(pattern)) {
      text.take(/^\s*(?:domain|area|category)\b/);
      // 'business continuity & DR': other names of the same area are that area too.
      for (const [other, again] of AREA_NAMES) if (other === number) while (text.take(again));
      return { number };
    }
  }
  for (const [number, pattern] of DOMAIN_SYNONYMS) {
    const match = text.take(pattern);
    if (match) {
      // 'in logging', 'under backups': the word names where, so the area.
      const where = /\b(?:in|under|within|across) (?:the |our )?\s*$/.test(text.rest.slice(0, match.index));
      const named = text.take(/^\s*(?:domain|area|category)\b/) || /^(?:iam|grc|appsec|bcp|drp)$/.test(match[0]) || where;
      return named ? { number } : { number, word: match[0] };
    }
  }
  return undefined;
}

/** Every status the question names ('not started or in progress' is both). */
function statusOf(text: Text): RequirementStatus[] | undefined {
  text.take(/\bhow compliant\b|\bcompliant with\b/);
  const found = new Set<RequirementStatus>();
  for (const [statuses, pattern] of STATUS_PHRASES) {
    while (text.take(pattern)) for (const s of statuses) found.add(s);
  }
  return found.size ? [...found] : undefined;
}

function evidenceFilterOf(text: Text): boolean | undefined {
  if (text.take(/\b(?:no|without|lack(?:s|ing)?) coverage\b|\b(?:without|with no|no|missing|lacking|lack|lacks|need|needs|(?:do|does|did) not (?:yet )?have) (?:any )?(?:linked )?evidence(?: linked| attached| yet)?\b|\b(?:have|has) no (?:linked )?evidence\b|\bnot (?:yet )?(?:covered|supported|backed)(?: by (?:any )?evidence)?\b|\buncovered\b|\bunsupported\b|\bnothing linked\b/)) return false;
  if (text.take(/\b(?:with|have|has|having) (?:linked |any )?evidence(?: linked| attached| behind (?:them|it))?\b|\bevidence linked(?! to\b)\b|\b(?:covered|supported|backed) by (?:any )?evidence\b|\bare covered\b/)) return true;
  return undefined;
}

const tokens = (s: string) => s.toLowerCase().replace(/\.[a-z0-9]{2,5}$/, '').split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);
const COMMON = new Set(
  'the and of for inc ltd llc plc gmbh corp co limited company agreement contract services service data security customer provider group holdings pdf docx txt msa dpa baa sla nda sow schedule addendum exhibit master terms information managed processing business associate subscription'.split(' '),
);

/** The initials of every run of two to four words ('department for education' → 'dfe'). */
function initialsIn(text: string): Set<string> {
  const words = text.split(/\s+/).filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) for (let n = 2; n <= 4 && i + n <= words.length; n++) out.add(words.slice(i, i + n).map((w) => w[0]).join(''));
  return out;
}

/** The contract a question names: by counterparty, by its file name's words, helped by genre words. */
function contractOf(text: Text, vocabulary: Vocabulary): { name?: string; unknown?: string; genre?: string[] } {
  const genres = CONTRACT_GENRES.filter(([pattern]) => pattern.test(text.rest));
  let best: { name: string; score: number; spans: string[] } | null = null;
  for (const contract of vocabulary.contracts) {
    let score = 0;
    const spans: string[] = [];
    // A party or file name counts only when its first distinctive word is there ('Summit' of Summit Ridge
    // Healthcare Systems), never for a common word alone ('systems').
    const present = (w: string) => new RegExp(`\\b${escape(w)}(?:'s|')?(?![\\w])`).test(text.rest);
    for (const party of [contract.customer_name, contract.provider_name]) {
      if (!party) continue;
      const distinctive = tokens(party).filter((w) => !COMMON.has(w) && w.length > 2);
      if (!distinctive[0] || !present(distinctive[0])) continue;
      const hits = distinctive.filter(present);
      score += 3 * hits.length;
      spans.push(...hits);
    }
    const nameWords = tokens(contract.name).filter((w) => !COMMON.has(w) && !/^\d+$/.test(w) && w.length > 1);
    // 'Department for Education' names the file 'DfE …' by its initials.
    const acronym = nameWords.find((w) => w.length >= 2 && w.length <= 4 && initialsIn(text.rest).has(w));
    if (acronym && !spans.length) {
      score += 3;
    }
    // The file name by its first word ('the Riverbend BAA'), or by another of its words with the kind of
    // contract it is ('the bank schedule').
    const lowerName = contract.name.toLowerCase();
    const ofItsKind = genres.some(([, words]) => words.some((w) => lowerName.includes(w)));
    const nameHits = nameWords.filter(present);
    if ((nameWords[0] && present(nameWords[0])) || nameHits.length >= 2 || (nameHits.length === 1 && ofItsKind)) {
      score += 2 * nameHits.length;
      spans.push(...nameHits);
    }
    for (const [, words] of genres) if (words.some((w) => lowerName.includes(w))) score += 1;
    if (score > 1 && (!best || score > best.score)) best = { name: contract.name, score, spans };
  }
  if (best) {
    const chosen = best.name;
    for (const span of best.spans) text.take(new RegExp(`\\b${escape(span)}(?:'s)?\\b`));
    for (const word of tokens(chosen)) text.take(new RegExp(`\\b${escape(word)}(?:'s)?\\b`));
    for (const [pattern] of genres) text.take(pattern);
    return { name: chosen };
  }
  const named =
    /\b(?:the|our) ([a-z][\w&.-]*(?: [a-z][\w&.-]*){0,2})(?:'s)? (?:msa|dpa|baa|sla|nda|contract|agreement|addendum|schedule)\b/.exec(text.rest) ??
    /\b(?:contract|agreement|msa|dpa|baa|sla|nda) (?:with|for) ([a-z][\w&.-]*(?: [a-z][\w&.-]*)?)/.exec(text.rest);
  if (named && !/^(?:customer|customers|vendor|supplier|security|master|data|service|main|new|latest|business|associate|any|all|each|every|our|the|them|us|of|other)$/.test(named[1]!.split(' ')[0]!)) return { unknown: named[1] };
  // 'our BAAs': the contracts of that kind, by the words their names hold.
  const kind = genres[0];
  if (kind && vocabulary.contracts.some((c) => kind[1].some((w) => tokens(c.name).includes(w)))) {
    text.take(kind[0]);
    return { genre: kind[1].slice(0, 1) };
  }
  return {};
}

/** An evidence document the question names by the distinctive words of its name. */

/** Words of document names that say what kind of document it is, and words of every topic. */
const DOCUMENT_WORDS = new Set('policy procedure standard report export screenshot configuration process summary executive document plan playbook register record certificate runbook results campaign'.split(' '));
const TOPIC_WORDS = new Set('incident response access control backup restore security data risk patch vulnerability training awareness physical network encryption cryptography management recovery disaster continuity business vendor third party supplier audit internal information development secure'.split(' '));
const ASKS_FOR_A_DOCUMENT = /\b(?:policy|procedure|standard|report|doc|document|plan|playbook|export|screenshot|certificate|register|write-?up|summary|runbook|sop|config|configuration)\b/;

/** An evidence document the question names by the distinctive words of its name (abbreviations spelled out). */
function evidenceOf(text: Text, vocabulary: Vocabulary): string | undefined {
  let best: { name: string; score: number; words: string[] } | null = null;
  const spelled = spellOut(text.rest);
  // Words of an evidence type named ('a pen test report') say what kind of document, not which one.
  const typeWords = new Set(EVIDENCE_TYPE_WORDS.flatMap(([, pattern]) => pattern.exec(spelled)?.[0].split(/\s+/) ?? []));
  for (const doc of vocabulary.evidence) {
    const words = tokens(doc.name).filter((w) => !/^\d+$/.test(w) && !/^v\d/.test(w) && !['final', 'and', 'the', 'of', 'for'].includes(w));
    if (!words.length) continue;
    const hits = words.filter((w) => new RegExp(`\\b${escape(w)}s?\\b`).test(spelled));
    const share = hits.length / words.length;
    // A reference such as 'SOP-SEC-010' or 'IA-2025-03' names its document on its own.
    const code = (doc.name.toLowerCase().match(/\b[a-z]{2,}(?:-[a-z0-9]+)*-\d[\w-]*\b/g) ?? []).find((c) => text.rest.includes(c));
    const distinctive = words.filter((w) => !DOCUMENT_WORDS.has(w));
    const allDistinctive = distinctive.length > 0 && distinctive.every((w) => hits.includes(w));
    // Topic words alone ('incident response') name a document only when the question asks for a document.
    const onlyTopicWords = hits.every((w) => TOPIC_WORDS.has(w) || DOCUMENT_WORDS.has(w));
    const asksDocument = ASKS_FOR_A_DOCUMENT.test(text.rest);
    const score = (code ? 2 : 0) + share + hits.length * 0.01;
    const enough =
      code ||
      (hits.length >= Math.min(2, words.length) && (share >= 0.75 || (hits.length >= 3 && share >= 0.5)) && (!onlyTopicWords || asksDocument || share === 1)) ||
      (allDistinctive && (distinctive.length >= 2 || asksDocument) && (!onlyTopicWords || asksDocument)) ||
      (hits.length >= 2 && share >= 0.5 && asksDocument && distinctive.some((w) => hits.includes(w) && !typeWords.has(w))) ||
      // A word only this document's name holds ('the Nessus scan'), with another of its words.
      (hits.length >= 2 && !/\b(?:contracts?|customers?|agreements?|obligations?)\b/.test(text.rest) && hits.some((w) => w.length > 3 && !typeWords.has(w) && !TOPIC_WORDS.has(w) && !DOCUMENT_WORDS.has(w) && vocabulary.evidence.filter((d) => tokens(d.name).includes(w)).length === 1));
    if (enough && (!best || score > best.score)) best = { name: doc.name, score, words: code ? [...hits, code] : hits };
  }
  if (!best) return undefined;
  for (const w of best.words) text.take(new RegExp(`\\b${escape(w)}s?\\b`));
  for (const [pattern] of ABBREVIATIONS) text.take(pattern);
  return best.name;
}

function ownerOf(text: Text, vocabulary: Vocabulary, original: string): { owner?: string; me: boolean } {
  if (text.take(/\b(?:assigned to me|owned by me|(?:for|on|to) me(?= ?[?.!]?$)|i own|my own|mine|my(?=\s+(?:[\w-]+\s+){0,2}(?:requirements?|items?|work|tasks?|controls?|stuff|ones|queue|list|plate|open|not started|in progress))|i am responsible for|am i responsible|am i (?:on the hook|accountable) for|(?:what|which) am i (?:on the hook for|accountable for|responsible for|working on|handling)|do i have|have i got)\b/)) return { owner: 'me', me: true };
  if (text.take(/\b(?:unassigned|unowned|(?:nobody|no one) (?:is |has been |has )?(?:looking after|owns|handling|responsible for|assigned)|no owners?|without (?:an )?owners?|nobody owns|no one owns|(?:does|do) (?:nobody|no one) own|not (?:been )?assigned(?: to anyone)?|ownerless|(?:do|does) not have an? owners?|lack(?:s|ing)? an? owners?|(?:no one|nobody)(?:'s| has| is)? (?:been )?assigned|assigned to (?:nobody|no one|noone|no-one)|owned by (?:nobody|no one|noone|no-one|anyone)|not owned(?: by anyone)?)\b/)) return { owner: 'unassigned', me: false };
  for (const name of vocabulary.owners) {
    const parts = tokens(name).filter((w) => w.length > 2);
    const full = new RegExp(`\\b${escape(name.toLowerCase())}(?:'s)?\\b`);
    if (text.take(full)) return { owner: name, me: false };
    const hit = parts.find((p) => new RegExp(`\\b${escape(p)}(?:'s)?\\b`).test(text.rest) && vocabulary.owners.filter((o) => tokens(o).includes(p)).length === 1);
    // A first name alone: written with its capital ('and Tom?', "Elena's"), or beside a word of ownership.
    const capitalised = hit && new RegExp(`\\b${escape(hit.replace(/^./, (c) => c.toUpperCase()))}(?:['’]s)?\\b`).test(original);
    const possessive = hit && new RegExp(`\\b${escape(hit)}'s\\b`).test(text.rest);
    if (hit && (capitalised || possessive || /\b(?:owns?|owned|assigned|responsible|has|have|does|working|on|belong\w*)\b/.test(text.rest))) {
      text.take(new RegExp(`\\b${escape(hit)}(?:'s)?\\b`));
      return { owner: name, me: false };
    }
  }
  return { me: false };
}

/** NIST 800-53 control families: 'AC-2', 'ia-2(1)', 'SC–28'. */
const NIST_CONTROL = /\b(ac|at|au|ca|cm|cp|ia|ir|ma|mp|pe|pl|pm|ps|pt|ra|sa|sc|si|sr)[-‐–](\d{1,2})((?:\s?\(\d{1,2}\))?)(?![\w.])/;
/** HIPAA Security Rule citations: '164.308(a)(1)(ii)(b)', '§ 164.312(b)'. */
const HIPAA_CITATION = /(?:§\s*)?\b(164\.\d{3})((?:\s?\([a-z0-9]{1,4}\))*)/;

/** A framework control id or citation the question names ('status of AC-2'), as the frameworks write it. */
function controlOf(text: Text): string | undefined {
  const nist = text.take(NIST_CONTROL);
  if (nist) return `${nist[1]!.toUpperCase()}-${nist[2]}${nist[3]!.replace(/\s/g, '')}`;
  const hipaa = text.take(HIPAA_CITATION);
  if (hipaa) return `${hipaa[1]}${hipaa[2]!.replace(/\s/g, '')}`;
  return undefined;
}

function requirementIdsOf(text: Text, vocabulary: Vocabulary): string[] {
  const known = new Set(vocabulary.requirement_ids.map((id) => id.toUpperCase()));
  const ids: string[] = [];
  const pattern = /\b(?:requirements?|reqs?|controls?|items?|#|no\.?|number)?\s*(\d{1,2}\.(?:\d{1,3}|[a-z]{1,2}))\b/g;
  for (const match of text.rest.matchAll(pattern)) {
    const id = match[1]!.toUpperCase();
    if (known.has(id) || /\b(?:requirement|req|control|item)/.test(match[0])) ids.push(id);
  }
  for (const id of ids) text.take(new RegExp(`\\b(?:requirements?|reqs?|controls?|items?)?\\s*${escape(id.toLowerCase())}\\b`));
  return [...new Set(ids)];
}

/** Every entity of one question, linked against the product's and the tenant's vocabulary. */
export function linkEntities(question: string, vocabulary: Vocabulary, now: Date): Linked {
  const text = new Text(normalise(question));
  const filters: Filters = {};
  const namedDocument = evidenceOf(text, vocabulary);
  if (namedDocument) filters.evidence = namedDocument;
  if (text.take(/\bsoc ?2(?: type (?:i|ii|1|2))? (?:type (?:i|ii|1|2) )?(?:reports?|attestations?|audit reports?)\b/)) filters.evidence_type = 'SOC 2 Report';
  else if (text.take(/\biso(?: ?27001)? (?:certificates?|certifications?|certs?)\b/)) filters.evidence_type = 'Certificate';
  const control = controlOf(text);
  if (control) filters.control = control;
  const frameworks = findFrameworks(text.rest);
  if (frameworks[0]) {
    filters.framework = frameworks[0];
    text.rest = withoutFrameworks(text.rest);
  }
  const ids = requirementIdsOf(text, vocabulary);
  if (ids.length) filters.requirement_ids = ids;
  const contract = contractOf(text, vocabulary);
  if (contract.name) filters.contract = contract.name;
  if (contract.unknown) filters.unknown_contract = contract.unknown;
  if (contract.genre) filters.contract_genre = contract.genre;
  if (!filters.evidence) {
    const evidence = evidenceOf(text, vocabulary);
    if (evidence) filters.evidence = evidence;
  }
  // 'of type policy', 'classed as reports', 'filed under Other': the type named outright, singular or not.
  const typed = filters.evidence_type ? null : text.take(/\b(?:of (?:the )?type|(?:document |evidence )?type:?|typed as|classed as|classified as|categori[sz]ed as|filed under(?: the)?) ["']?([a-z][a-z0-9 ]{1,24}?)["']?(?= type\b|[?.!,]|$| documents?\b| evidence\b)/);
  const named = typed?.[1]?.trim();
  if (named) filters.evidence_type = named === 'other' ? 'Other' : EVIDENCE_TYPE_WORDS.find(([, pattern]) => pattern.test(named))?.[0];
  if (!filters.evidence_type) delete filters.evidence_type;
  for (const [type, pattern] of filters.evidence_type ? [] : EVIDENCE_TYPE_WORDS) {
    // 'policy', 'procedure' and 'report' are words of document names; only their plurals ask for the type.
    if (type === 'Report' || ((type === 'Policy' || type === 'Procedure') && !/\b(?:policies|procedures)\b/.test(text.rest))) continue;
    // 'a certificate of destruction' is a thing of its own, asked for by name.
    if (new RegExp(`(?:${pattern.source}) of (?!the\\b|our\\b|an?\\b|all\\b|any\\b|it\\b|this\\b|that\\b|them\\b)[a-z]`).test(text.rest)) continue;
    if (text.take(pattern)) {
      filters.evidence_type = type;
      break;
    }
  }
  const period = periodOf(text, now);
  if (period) filters.period = period;
  const hours = deadlineOf(text);
  if (hours) filters.deadline_hours = hours;
  const owner = ownerOf(text, vocabulary, question);
  if (owner.owner) filters.owner = owner.owner;
  const has = evidenceFilterOf(text);
  if (has !== undefined) filters.has_evidence = has;
  const priority = text.take(/\b(high|medium|low)[- ]priority\b|\bpriority (high|medium|low)\b|\b(critical)\b|\b(?:the|only|just) (high|medium|low)\b(?= (?:ones|items|requirements|controls)\b|[?.!\s]*$)/);
  if (priority) {
    const level = priority[1] ?? priority[2] ?? priority[4] ?? 'high';
    filters.priority = (level === 'critical' ? 'High' : level.replace(/^./, (c) => c.toUpperCase())) as Filters['priority'];
  }
  if (text.take(/\b(?:contract[- ](?:sourced|derived|based)|(?:came|come|comes|coming|derived|added|created) from (?:our )?(?:customer )?contracts|from (?:customer )?contracts|customer[- ]specific|added by (?:customer )?contracts?|(?<=(?:did|do|have|has) )(?:customer )?contracts (?:add|added|bring in|brought in|introduce|introduced)|contract(?:ual)? (?=(?:requirements|items|controls|ones)\b))\b/)) filters.source = 'contract';
  else if (text.take(/\b(?:catalog|framework[- ](?:sourced|based|derived)|framework (?=(?:requirements|items|controls|ones)\b)|(?:come|comes|came|coming|are) from (?:the )?frameworks|from frameworks)\b/)) filters.source = 'framework';
  const status = statusOf(text);
  if (status) filters.status = status;
  const domain = domainOf(text);
  if (domain) filters.domain = domain.number;
  const limit = /\b(?:top|first|the) (\d{1,2})\b|\b(\d{1,2}) (?:most|top|highest)\b/.exec(text.rest);
  if (limit) filters.limit = Math.min(50, Math.max(1, Number(limit[1] ?? limit[2])));
  return { filters, rest: text.rest, me: owner.me, ...(domain?.word ? { domainWord: domain.word } : {}) };
}
