import type { ChatTurn } from '../../engine';
import type { Vocabulary } from '../tools';
import { searchStem } from '../vocabulary';
import { normalise } from './entities';
import { AREA_NAMES, CONTRACT_GENRES, DOMAIN_SYNONYMS } from './lexicon';
import { asksAFact, parseQuestion } from './parse';
import type { Filters, QueryPlan, Subject } from './plan';

/**
 * Conversations: a follow-up ('and how many of those are in progress?', 'which of those are not
 * covered?', 'and for PCI?') is resolved against the plan of the question before it. The client sends
 * the whole conversation, so the state is rebuilt from its user messages each time.
 */

const FOLLOW_UP =
  /^(?:(?:switch|change|flip|swap|turn|make)(?: (?:that|it|this|them|those|the status|the filter))? (?:to|over to|into)|what if|actually|instead|widen|narrow|same (?:for|with|but|again)|ok(?:ay)?\b|which (?:are|ones|of them|have|has|is)|only (?:the )?\w+ ones|just (?:the )?\w+ ones|and|also|plus|what about|how about|same (?:for|with)|now (?:for|do|show)|then|ok(?:ay)?,? (?:and|now)|only|just|of (?:those|these|them)|which of|how many of|and which|those|these|them|the ones)\b|\b(?:of (?:those|these|them)|the ones|those ones|among (?:those|them)|of which|out of (?:those|these))\b|\b(?:them|those|these|they|it)\b[?.!\s]*$|\b(?:its|their)\b|\b(?:for it|the \w+ one|that one|this one)\b|\bsuch (?:obligations?|requirements?|clauses?|items?|ones|documents?)\b|\b(?:that|this|the same) (?:test|report|document|doc|file|contract|agreement|schedule|policy|procedure|exercise|audit|assessment|campaign|screenshot|export|plan|incident|outage)\b/;

/** Subjects that answer with a list of requirements, whose due dates a follow-up may ask. */
const LISTS_OF_REQUIREMENTS: Subject[] = ['requirements', 'owners', 'gaps', 'domain', 'top_priority', 'requirement'];

function definedFilters(filters: QueryPlan['filters']): QueryPlan['filters'] {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as QueryPlan['filters'];
}

/** Subjects whose result set a follow-up narrows. */
const NARROWABLE: Subject[] = ['draft', 'trend', 'requirements', 'owners', 'contracts', 'evidence', 'evidence_coverage', 'gaps', 'domain', 'top_priority', 'frameworks', 'summary', 'domains', 'passages', 'activity', 'requirement'];

/** More ways a short question points back: 'same question for …', 'only those owned by …', 'now the in progress ones'. */
const POINTS_BACK = /^(?:same|ditto|likewise|repeat (?:that|it)|do the same|now (?:the|only|just|show|list|give|what))\b|\b(?:only|just) (?:those|these|them|the ones)\b|\b(?:those|these) (?:owned|assigned|with|without|that|which|in|from|marked|not|where)\b|\bthe (?:[\w/-]+ ){1,3}ones\b|\bhow (?:has|have|did|does) (?:that|it|this) (?:\w+ )?chang/;

function looksLikeFollowUp(question: string, plan: QueryPlan): boolean {
  const q = normalise(question);
  if (FOLLOW_UP.test(q) || POINTS_BACK.test(q)) return true;
  // 'why were they excluded?': a short question about the things before.
  if (/\b(?:they|them|those|these|their)\b/.test(q) && q.split(/\s+/).length <= 7) return true;
  // 'how many open gaps does it have?': 'it' as the subject of a short question is the thing before.
  if (/\b(?:does|do|did|has|have|is|was) (?:it|that|this)\b/.test(q) && q.split(/\s+/).length <= 8) return true;
  // 'how many obligations is that in the Riverbend BAA?': the result before, counted somewhere.
  if (/\b(?:is|are|was|were) (?:that|those|these|this)\b/.test(q) && q.split(/\s+/).length <= 12) return true;
  return plan.subject === 'unknown' && q.split(/\s+/).length <= 6;
}

/** 'how many are unassigned?' right after a list of requirements: a count of that list, narrowed. */
function narrowsTheList(question: string, previous: QueryPlan): boolean {
  const q = normalise(question);
  return ['requirements', 'owners', 'gaps', 'top_priority', 'domain'].includes(previous.subject) && /^(?:and )?(?:how many|which|what share|what percentage|what proportion) (?:are|is|have|has|still|remain|got)\b/.test(q) && q.split(/\s+/).length <= 6;
}

/** Words that ask for a list on their own ('which are they?'); without them a short follow-up keeps the ask before. */
const ASKS_LIST = /\b(?:which|list|show|name|display|see|what are|give me|who)\b/;

/** 'and within 24?' after 'within 48 hours': a bare number in the unit of the time limit before. */
function bareDeadline(question: string, previous: QueryPlan): number | undefined {
  const hours = previous.filters.deadline_hours;
  const n = /\b(?:within|in|under|inside|to|at) (\d{1,3})\b(?! ?(?:%|per ?cent|\.))/.exec(normalise(question))?.[1];
  if (!hours || !n) return undefined;
  return hours % 24 === 0 && hours >= 48 && Number(n) < 24 ? Number(n) * 24 : Number(n);
}

/** The area a topic names as a whole ('logging', 'backups'), if any. */
function areaNamed(topic: string): number | undefined {
  return [...AREA_NAMES, ...DOMAIN_SYNONYMS].find(([, pattern]) => new RegExp(`^(?:${pattern.source})$`).test(topic.trim()))?.[0];
}

/** Filters a follow-up lets go of ('drop the status filter', 'any owner', 'regardless of status'). */
const RELEASED: Array<[RegExp, Array<keyof Filters>]> = [
  [/\bstatus(?:es)?\b/, ['status']],
  [/\bowners?\b/, ['owner']],
  [/\b(?:domains?|areas?)\b/, ['domain', 'query', 'topic']],
  [/\bframeworks?\b/, ['framework']],
  [/\bpriorit(?:y|ies)\b/, ['priority']],
  [/\bevidence\b/, ['has_evidence']],
  [/\bcontracts?\b/, ['contract', 'contract_genre']],
  [/\b(?:deadlines?|time limits?)\b/, ['deadline_hours']],
];
const RELEASE = /\b(?:drop|remove|clear|ignore|forget|lose|regardless of|irrespective of|whatever the)\b (?:the |that |a )?(?:status(?:es)?|owners?|domains?|areas?|frameworks?|priorit(?:y|ies)|evidence|contracts?|deadlines?|time limits?)\b|^(?:\w+ ){0,3}(?:any|all|every) (?:status(?:es)?|owners?|domains?|areas?|priorit(?:y|ies))[?.!]*$/;

function released(question: string, previous: QueryPlan): QueryPlan | null {
  const q = normalise(question);
  const match = RELEASE.exec(q);
  if (!match) return null;
  const filters = { ...previous.filters };
  for (const [pattern, keys] of RELEASED) if (pattern.test(match[0])) for (const key of keys) delete filters[key];
  return { ...previous, filters, follow_up: true };
}

function merge(previous: QueryPlan, current: QueryPlan, question: string): QueryPlan {
  const filters = { ...previous.filters };
  for (const [key, value] of Object.entries(current.filters)) if (value !== undefined) (filters as Record<string, unknown>)[key] = value;
  if (current.filters.topic === undefined && previous.filters.topic && current.filters.query === undefined) {
    filters.topic = previous.filters.topic;
    filters.query = previous.filters.query;
  }
  let subject: Subject = previous.subject;
  if (previous.subject === 'domain' || previous.subject === 'top_priority' || previous.subject === 'gaps') {
    if (current.filters.status || current.filters.owner || current.filters.has_evidence !== undefined) subject = 'requirements';
    else if (current.filters.framework && previous.subject !== 'domain') subject = 'gaps';
  }
  if ((previous.subject === 'summary' || previous.subject === 'domains' || previous.subject === 'frameworks') && current.filters.framework) subject = 'frameworks';
  // 'and how many open gaps in HIPAA?' after the top gaps: a framework's gaps, which the parser states as open statuses.
  if (current.subject === 'gaps' && filters.framework && ['gaps', 'top_priority', 'summary', 'domains', 'frameworks'].includes(previous.subject)) subject = 'gaps';
  if ((previous.subject === 'summary' || previous.subject === 'domains') && current.filters.domain) subject = 'domain';
  if ((previous.subject === 'summary' || previous.subject === 'frameworks' || previous.subject === 'domains') && current.filters.status && current.subject !== 'gaps') subject = 'requirements';
  if (previous.subject === 'requirement' && current.subject !== 'unknown' && current.subject !== 'summary') subject = current.subject;
  // 'what about IA-5?' after requirement 3.12: the control replaces the requirement, and the other way round.
  if (current.filters.control && !current.filters.requirement_ids) delete filters.requirement_ids;
  if (current.filters.requirement_ids && !current.filters.control) delete filters.control;
  if ((previous.subject === 'summary' || previous.subject === 'frameworks' || previous.subject === 'domains') && current.filters.period) subject = 'trend';
  if (previous.subject === 'draft' && current.filters.requirement_ids?.length) subject = 'draft';
  // 'what's its current status?', 'what evidence do we have for it?' after a draft: its requirement.
  if (previous.subject === 'draft' && !current.filters.requirement_ids?.length) {
    const q = normalise(question);
    if (/\b(?:status|owner|owns|owned|priority)\b/.test(q)) subject = 'requirement';
    else if (/\bevidence|support|backs?\b/.test(q)) subject = 'evidence';
    else if (/^(?:(?:and|now|ok(?:ay)?|then),? )?(?:one|another|the same) for\b/.test(q)) subject = 'draft';
  }
  // 'which requirements does that report support?': the coverage of the document in view.
  if (filters.evidence && /\b(?:which|what) requirements? (?:does|do|did|is|are|can|could|would)\b.*\b(?:support|cover|back|evidence|satisf\w*|prove|map)/.test(normalise(question))) subject = 'evidence_coverage';
  // 'what does the JML one say about movers?' after a list of procedures: that document's text.
  if (previous.subject === 'evidence' && !previous.filters.evidence && current.subject === 'passages' && current.filters.evidence) {
    subject = 'passages';
    delete filters.evidence_type;
  }
  // 'which of the contracts have …?' after one contract: all of them again.
  if (!current.filters.contract && /\b(?:which|what) (?:of (?:the|our) )?contracts\b|\b(?:any|all(?: of)? (?:the |our )?)contracts\b/.test(normalise(question))) delete filters.contract;
  // 'how has that changed since March?' after a rate: the rate's history, not the activity log.
  const rateBefore = ['summary', 'frameworks', 'domains', 'domain'].includes(previous.subject);
  if (rateBefore && /\bhow (?:has|have|did|does) (?:that|it|this|they|the rate|our rate|the score)\b.*\b(?:chang|mov|shift|improv|trend|gone|went|drop|rise|rose|fell|fall)/.test(normalise(question))) subject = 'trend';
  // 'what about our contract with Acme?': a contract the tenant does not hold replaces the one before.
  if (current.filters.unknown_contract && !current.filters.contract) delete filters.contract;
  // 'how much data did we lose in that test?': a fact the document of the question before states.
  if ((filters.evidence || filters.contract) && (current.subject === 'unknown' || current.subject === 'passages') && asksAFact(normalise(question))) subject = 'passages';
  // 'what's its status and owner?' after the evidence of one requirement: that requirement itself.
  if (previous.subject === 'evidence' && (filters.requirement_ids?.length === 1 || filters.control) && /\b(?:status|owner|owns|owned|priority)\b/.test(normalise(question))) subject = 'requirement';
  const requirementLike = ['requirements', 'gaps', 'domain', 'top_priority', 'requirement', 'evidence_coverage'].includes(previous.subject);
  if (requirementLike && (current.subject === 'owners' || current.subject === 'evidence')) subject = current.subject;
  // 'who owns it?' after one requirement's status: that requirement (its answer gives status and owner).
  if (previous.subject === 'requirement' && current.subject === 'owners' && Object.keys(current.filters).length === 0) subject = 'requirement';
  // 'which of them also require MFA?': one more topic word of the same search; 'and about MFA?' after
  // contract obligations: that word instead (contracts are searched by words, not areas).
  const also = /\b(?:also|too|as well|additionally)\b/.test(normalise(question));
  const byWords = previous.subject === 'contracts' || previous.subject === 'passages';
  const adds = current.area_word !== undefined && (also || byWords);
  if (adds && current.area_word) {
    filters.query = [also ? previous.filters.query : '', searchStem(current.area_word)].filter(Boolean).join(' ');
    filters.topic = [also ? previous.filters.topic : '', current.area_word].filter(Boolean).join(' ');
    if (previous.filters.domain) filters.domain = previous.filters.domain;
    else delete filters.domain;
  }
  // 'and for logging?' after an area: the other area, not a search for the word within the first.
  const area = !adds && previous.filters.domain && !current.filters.domain && current.filters.topic ? areaNamed(current.filters.topic) : undefined;
  if (area) {
    filters.domain = area;
    delete filters.query;
    delete filters.topic;
  }
  if (current.filters.deadline_hours === undefined) {
    const hours = bareDeadline(question, previous);
    if (hours) filters.deadline_hours = hours;
  }
  const ask = current.ask === 'list' && (previous.ask !== 'count' || !ASKS_LIST.test(normalise(question))) ? previous.ask : current.ask;
  return { ask: ask === 'draft' ? 'list' : ask, subject, filters, follow_up: true };
}

/** The document an answer quoted first, when it is one of the tenant's ('[Name](/evidence?search=Name)'). */
function documentQuoted(answer: string, vocabulary: Vocabulary): Pick<Filters, 'evidence' | 'contract'> {
  // A quotation, or a list of exactly one evidence document ('**1 evidence document** of type …').
  if (!/^From .* documents, the passages\b|^\*\*1 evidence document\*\*/.test(answer.trim())) return {};
  const link = /\]\(\/(evidence|contracts)\?search=([^)\s]+)\)/.exec(answer);
  if (!link) return {};
  let name: string;
  try {
    name = decodeURIComponent(link[2]!);
  } catch {
    return {};
  }
  if (link[1] === 'evidence') return vocabulary.evidence.some((d) => d.name === name) ? { evidence: name } : {};
  return vocabulary.contracts.some((c) => c.name === name) ? { contract: name } : {};
}

/** Words that name a kind of document: a question using one the document before is not does not stay with it. */
const DOCUMENT_KIND = /\b(?:policy|procedure|standard|report|plan|playbook|runbook|export|screenshot|certificate|register|scan|test|exercise|audit|assessment|postmortem|review|minutes|contract|agreement|addendum|schedule|baa|dpa|msa|sla)s?\b/g;

/**
 * 'How long did restoring service take?' after 'When was the DR test?': a fact asked right after a
 * document was quoted, naming no document of its own, is asked of that document.
 */
function sameDocument(question: string, own: QueryPlan, previous: QueryPlan | null, quoted: Pick<Filters, 'evidence' | 'contract'>): QueryPlan | null {
  const q = normalise(question);
  // 'and the phishing click rate in that report?': the document in view, whatever other words name.
  const thatDocument = /\b(?:in|from|of) (?:that|this|the same) (?:report|document|doc|file|policy|procedure|standard|export|screenshot|certificate|plan|register)\b/.test(q);
  if (!previous || (!thatDocument && (own.filters.evidence || own.filters.contract || own.filters.unknown_contract || own.filters.contract_genre))) return null;
  const quotedBefore = previous.subject === 'passages' || Boolean(quoted.evidence ?? quoted.contract);
  const document = previous.subject === 'passages' && (previous.filters.evidence || previous.filters.contract) ? { evidence: previous.filters.evidence, contract: previous.filters.contract } : quoted.evidence || quoted.contract ? quoted : { evidence: previous.filters.evidence, contract: previous.filters.contract };
  const name = document.evidence ?? document.contract;
  if (!name) return null;
  // After a quotation any short question of detail; after another answer about one document, only a
  // question of its text, or 'when does it expire?' (a document's dates are in its text).
  const pointsAtIt = /\b(?:it|its|this|that|the document|the report|the certificate)\b/.test(q);
  // 'when is the critical due to be fixed?', 'what was the overall rating?': dates and verdicts the document states.
  // After a quotation, 'what's the deadline for critical patches?' is still the document's, not a requirement search.
  const factAfterQuote = quotedBefore && ['requirements', 'top_priority', 'gaps'].includes(own.subject) && /^(?:and |so |then )?(?:what|when|who|where|how)\b/.test(q) && !/\b(?:requirements?|controls?|items?|gaps?)\b/.test(q);
  const ofTheDocument = factAfterQuote ||
    ((own.subject === 'due_dates' || own.subject === 'expiry') && !/\brequirements?\b/.test(q)) ||
    (own.subject === 'summary' && /\b(?:rating|opinion|conclusion|verdict|grade|result|outcome)\b/.test(q) && !/\b(?:compliance|our|we)\b/.test(q));
  const asksDetail = ofTheDocument || (quotedBefore
    ? own.subject === 'passages' || ((own.subject === 'unknown' || own.subject === 'evidence' || (own.subject === 'expiry' && pointsAtIt)) && /^(?:and |so |ok(?:ay)? |then )?(?:what|which|who|when|where|how|did|was|were|is|are|does|do)\b/.test(q) && q.split(/\s+/).length <= 12)
    : own.subject === 'passages' || (own.subject === 'expiry' && pointsAtIt) || (own.subject === 'unknown' && asksAFact(q)) || (thatDocument && own.subject !== 'requirements'));
  if (!asksDetail || /\b(?:requirements?|obligations?|evidence|documents?|contracts|frameworks?|domains?|owners?|status|compliance rate|score)\b/.test(q)) return null;
  // A kind of document the one before is not ('what does the incident response plan say?') is another document.
  const ownName = normalise(name);
  if ([...q.matchAll(DOCUMENT_KIND)].some((m) => !ownName.includes(m[0].replace(/s$/, '')))) return null;
  const { domain, query, topic, evidence: _named, contract: _contract, evidence_type: _type, ...rest } = own.filters;
  return { ask: own.ask, subject: 'passages', filters: { ...rest, ...(query ? { query, topic } : {}), ...document }, follow_up: true, asked_before: previous.asked, kept_document: true };
}

/**
 * 'And the other BAA?' after one BAA: the one contract of that kind that is not the one before ('the
 * other one', 'the other contract': the one other contract, when the tenant holds two).
 */
function theOtherContract(question: string, previous: QueryPlan | null, vocabulary: Vocabulary): { name?: string; genre?: string[] } | undefined {
  const before = previous?.filters.contract;
  const other = /\b(?:the|our) other (?:one|contract|agreement|customer|([\w-]+(?: [\w-]+)?))\b/.exec(normalise(question));
  if (!before || !other) return undefined;
  const genre = other[1] ? CONTRACT_GENRES.find(([pattern]) => pattern.test(other[1]!)) : undefined;
  const lower = (s: string) => s.toLowerCase();
  const candidates = vocabulary.contracts.filter((c) => c.name !== before && (!genre || genre[1].some((w) => lower(c.name).split(/[^a-z0-9]+/).includes(w))));
  // Several of that kind: the kind, not the contract before.
  return candidates.length === 1 ? { name: candidates[0]!.name } : { genre: genre?.[1].slice(0, 1) };
}

/**
 * 'what does the backup one say?' after a list of procedures: the one listed document whose name holds
 * the word, written into the question as its name so the question is parsed as naming it.
 */
function theOneNamed(question: string, previous: QueryPlan | null, vocabulary: Vocabulary): string {
  const one = /\bthe ([a-z][\w-]*(?: [a-z][\w-]*)?) one\b/i.exec(question);
  if (!one || !previous || (previous.subject !== 'evidence' && previous.subject !== 'contracts')) return question;
  const words = one[1]!.toLowerCase().split(' ');
  const initials = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).map((x) => x[0]).join('');
  const holds = (name: string) => words.every((w) => name.toLowerCase().split(/[^a-z0-9]+/).some((x) => x.startsWith(w))) || (words.length === 1 && words[0]!.length >= 2 && initials(name).includes(words[0]!));
  const names =
    previous.subject === 'evidence'
      ? vocabulary.evidence.filter((d) => (!previous.filters.evidence_type || d.document_type === previous.filters.evidence_type) && holds(d.name)).map((d) => d.name)
      : vocabulary.contracts.filter((c) => holds(c.name) || holds(`${c.customer_name ?? ''} ${c.provider_name ?? ''}`)).map((c) => c.name);
  return names.length === 1 ? `${question.slice(0, one.index)}the ${names[0]}${question.slice(one.index + one[0].length)}` : question;
}

/** The plan of the conversation's last user question, following up on the ones before it. */
export function planConversation(messages: readonly ChatTurn[], vocabulary: Vocabulary, now: Date, tenants: readonly string[] = []): QueryPlan {
  let previous: QueryPlan | null = null;
  let plan: QueryPlan = { ask: 'list', subject: 'unknown', filters: {} };
  let lastAnswer = '';
  const turns = messages.slice(-12);
  for (const turn of turns) {
    if (turn.role === 'assistant') {
      lastAnswer = turn.content;
      continue;
    }
    const typed = turn.content.trim();
    const question = theOneNamed(typed, previous, vocabulary);
    const own: QueryPlan = { ...parseQuestion(question, vocabulary, now, tenants), asked: question };
    const other = theOtherContract(question, previous, vocabulary);
    if (other) {
      for (const key of ['unknown_contract', 'contract_genre', 'query', 'topic'] as const) delete own.filters[key];
      if (other.name) own.filters.contract = other.name;
      if (other.genre) own.filters.contract_genre = other.genre;
    }
    // 'draft a response for it': the requirement of the question before.
    if (own.subject === 'draft' && !own.filters.requirement_ids?.length && !own.filters.control) {
      if (previous?.filters.requirement_ids?.length) own.filters.requirement_ids = previous.filters.requirement_ids;
      else if (previous?.filters.control) own.filters.control = previous.filters.control;
    }
    // 'now one for 1.14' after a draft: another draft.
    if (previous?.subject === 'draft' && /^(?:(?:and|now|ok(?:ay)?|then),? )?(?:one|another|the same|same) for\b/.test(normalise(typed)) && (own.filters.requirement_ids?.length || own.filters.control)) {
      own.subject = 'draft';
      own.ask = 'draft';
    }
    // 'and what's the overall rate?': the whole tenant's rate is a question of its own, whatever came before.
    const overall = own.subject === 'summary' && !own.filters.period && !/\b(?:rating|opinion|verdict)\b/.test(normalise(question)) && !own.filters.framework && !own.filters.domain && /\boverall\b/.test(normalise(question));
    const strongOwnSubject = (own.subject !== 'unknown' && !NARROWABLE.includes(own.subject)) || overall;
    const widened = previous && NARROWABLE.includes(previous.subject) ? released(question, previous) : null;
    const followsOn = own.subject !== 'draft' && previous !== null && NARROWABLE.includes(previous.subject) && (looksLikeFollowUp(typed, own) || narrowsTheList(question, previous)) && !strongOwnSubject && own.subject !== 'help';
    const kept = widened ? null : sameDocument(question, own, previous, documentQuoted(lastAnswer, vocabulary));
    // 'when are they due?' right after a list of requirements: the due dates of that list.
    const dueOfThose = !widened && !kept && own.subject === 'due_dates' && previous !== null && LISTS_OF_REQUIREMENTS.includes(previous.subject) && looksLikeFollowUp(typed, own);
    if (dueOfThose) plan = { ...own, filters: { ...previous!.filters, ...definedFilters(own.filters) }, follow_up: true, asked_before: previous!.asked };
    else plan = widened ?? kept ?? (previous && followsOn ? { ...merge(previous, own, question), asked_before: previous.asked } : own);
    plan.asked = question;
    if (other && !other.name) delete plan.filters.contract;
    if (plan.subject !== 'help' && plan.subject !== 'unknown') previous = plan;
  }
  return plan;
}
