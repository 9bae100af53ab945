import type { Vocabulary } from '../tools';
import { isVocabularyWord, searchStem } from '../vocabulary';
import { linkEntities, normalise } from './entities';
import { CONTRACT_WORDS, isContractTopicWord } from './lexicon';
import type { Ask, QueryPlan, Subject } from './plan';

/**
 * The semantic parser: a question becomes a typed query plan. Entities are linked first (so every filter
 * the question states is kept), then what is asked and the subject it is asked about are read from the
 * words that remain.
 */

const GREETING = /^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening)|greetings|thanks|thank you|cheers)\b[\s!.,]*(?:there|assistant)?[\s!.,]*$/;
const HELP = /^\s*help\s*(?:me\s*)?[?!.]*$|\b(?:what can (?:you|i) (?:do|ask|answer)|what (?:questions|kind of questions)|how do(?:es)? (?:this|you) work|who are you|what are you)\b/;

const TOPIC_STOP = new Set(
  `a an the any anything some something our we us do does did have has had is are was were be been that which what who whom whose when where why how
  about on for to of in with from by at as into per regarding related around covering concerning mentioning mention mentions
  requirement requirements control controls item items please show me list give tell find search look lookup up all
  there yet evidence documented document documents gap gaps missing open outstanding priority top many much count number total
  status state currently current still already right now can could would should will shall may might must let i you it its
  this these those them they their and or not no yes just also only ones one each every most least more less than
  summarize summarise summary overview explain describe detail details draft write generate suggest suggested response responses
  answer compare comparison versus vs across between marked set being been get got need needs needed require requires required
  say says said tell told contain contains include includes listed cover covers covered support supports supported our own
  customer customers contract contracts obligation obligations agreement agreements clause clauses which whose what's
  framework frameworks domain domains area areas category categories tenant tenants
  owner owners owns owned assigned responsible who's work working team member members talk talks people person related attached doc docs deal deals
  word words contain contains containing phrase term terms stuff things thing board pack exposure
  even ever still already out pulled extracted sooner shorter earlier quicker faster less same switch change ok okay
  such hand over give run perform conduct carry touch touched anyone anybody back backs backed backing prove proves help helps coverage type types`.split(/\s+/),
);

function askOf(q: string): Ask {
  if (/\b(?:draft|write|generate|prepare|suggest|propose)\b.*\b(?:response|answer|statement|justification)\b|\b(?:draft|write up|write-up)\b.*\b(?:\d{1,2}\.\d{1,3}|[a-z]{2}-\d{1,2}|164\.\d{3})|\b(?:write|draft|prepare)\b.*\b(?:narrative|write-?up|implementation statement)\b|\b(?:write|draft|prepare)\b.*\b(?:send|give|show|for|to) (?:to )?(?:the |an |our )?auditors?\b/.test(q)) return 'draft';
  if (/\bhow many\b|\bnumber of\b|\bcount\b(?! (?:toward|towards|for|as|against))|\bhow much\b|\btotal\b/.test(q)) return 'count';
  if (/\b(?:compare|comparison|versus|vs\.?|rank|ranking|side by side|benchmark)\b/.test(q)) return 'compare';
  if (/\b(?:summari[sz]e|summary|overview|outline|recap|what does .* (?:say|require|cover))\b/.test(q)) return 'summarise';
  if (/^(?:why|explain)\b|\bwhy\b/.test(q)) return 'explain';
  if (/^(?:do|does|did|is|are|was|were|have|has|can|could|will|would|should|am|any|got any|anything)\b/.test(q)) return 'check';
  return 'list';
}

/**
 * The topic words left in the question, as search stems and as written. With the tenant's terms, a word
 * no requirement or obligation uses ('exposure', 'hook') is the question's own, not its topic.
 */
function topicOf(rest: string, terms?: ReadonlySet<string>, question = ''): { query: string; topic: string } | undefined {
  const kept = (w: string) => w.length > 1 && !TOPIC_STOP.has(w) && !/^\d+$/.test(w) && (!terms?.size || terms.has(searchStem(w)) || isVocabularyWord(w) || isContractTopicWord(searchStem(w)));
  const words = rest
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter(kept);
  // 'sessions or devices': either word, kept together as alternatives.
  const either = [...question.matchAll(/([\p{L}\p{N}-]+) or ([\p{L}\p{N}-]+)/gu)].map((m) => [m[1]!, m[2]!]);
  const groups: string[][] = [];
  for (const w of words) {
    const partner = either.find(([a, b]) => a === w || b === w)?.find((x) => x !== w);
    const group = partner ? groups.find((g) => g.includes(partner)) : undefined;
    if (group) group.push(w);
    else groups.push([w]);
  }
  return groups.length ? { query: groups.map((alts) => alts.map(searchStem).join('|')).join(' '), topic: groups.map((alts) => alts.join(' or ')).join(' ') } : undefined;
}

/** A quoted word or phrase is searched as written ('contain the word "encryption"'). */
function quotedTopic(question: string): { query: string; topic: string } | undefined {
  const quoted = /(?<![\p{L}\p{N}])["“']([^"”']{2,40})["”'](?![\p{L}\p{N}])/u.exec(question)?.[1]?.trim().toLowerCase();
  return quoted ? { query: quoted, topic: quoted } : undefined;
}

const has = (q: string, pattern: RegExp) => pattern.test(q);

/** Questions about a fact a document states: who did it, when, what the figure was. */
const FACT_QUESTION = /^(?:who|when|where)\b|\b(?:what|how (?:many|much|long)) (?:was|were|did)\b|\bwhat (?:date|day|time)\b|\b(?:did we|were we|was it) (?:meet|pass|achieve|hit|fail)\b|\bhappen(?:ed)?\b|\b(?:click|completion|pass|failure|success|report) rates?\b|\broot cause\b|\bfindings?\b/;

/** 'What is the retention lock on the immutable backup copy?': a fact of a thing, read from the documents. */
const FACT_OF_A_THING = /^what (?:is|are|was|were) (?:the|our) (?!status|state|rate|score|overall|compliance|owners?|number|total|count|list|breakdown|gaps?|progress|evidence|requirements?|controls?|obligations?|contracts?|documents?|top|biggest|highest|lowest|weakest|worst|best|most|next|latest|summary)[\w-]+(?: [\w-]+)? (?:on|of|for|in|under|from) (?:the|our|this|that)\b/;

/** Whether the question asks a fact a document states ('how much data did we lose?'). */
export function asksAFact(q: string): boolean {
  const countsThings = /\bhow many (?:such |of |those |these |the )*(?:[\w-]+ ){0,2}(?:obligations?|requirements?|contracts?|documents?|items?|controls?|clauses?|evidence|gaps?|owners?|of|are|is)\b/;
  return !countsThings.test(q) && (FACT_QUESTION.test(q) || /\bhow (?:much|many|long|far|often|soon|quickly|fast)\b[^?]*\b(?:did|do|does|was|were|is|are|have to|must)\b/.test(q));
}

/** 'Do we have a network diagram?': a kind of record only a document would be, asked for as held. */
const HELD_ARTEFACT = /^(?:do|have|has|did) we (?:have|got|hold|keep|upload(?:ed)?|store|retain)\b[^?]*\b(?:diagrams?|registers?|certificates?|attestations?|letters?|screenshots?|minutes|exports?|log files?|inventor(?:y|ies)|runbooks?|playbooks?|charters?|sign-?offs?)\b|^(?:is|are) there (?:a|an|any)\b[^?]*\b(?:diagrams?|registers?|attestations?|letters?|minutes|log files?|inventor(?:y|ies)|charters?|sign-?offs?)\b/;

const ABOUT_COMPLIANCE = /\b(?:complian\w*|score|rate|posture|security|gaps?|requirements?|controls?|readiness|audit\w*|programme|program|frameworks?|evidence|risks?|certif\w*|hipaa|nist|iso|pci|cis|polic(?:y|ies)|procedures?)\b/;

/** A question about what a named document says, not about the document itself. */
function asksDocumentContent(q: string, f: QueryPlan['filters']): boolean {
  if (f.evidence) {
    const aboutTheFile = /\b(?:do we have(?! to\b)|have we (?:got|uploaded)|is there|are there|uploaded|upload|which (?:evidence|documents?)|what evidence|list|show me|linked|mapped|map|cover|covers|covered|coverage|support|supports|supported|satisf\w+|address|addresses|tied|associated|help(?:s|ing)? (?:with|us)|used|using|counts? (?:toward|towards|for)|requirements?)\b/;
    return !has(q, aboutTheFile);
  }
  if (f.contract) {
    const aboutObligations = /\b(?:obligations?|clauses?|requirements?|commitments?|covered|uncovered|summar\w*|overview|list|how many|count|split|breakdown|what does (?:the|our) .* (?:require|say|cover|need|ask)|require of us|expect of us|open|outstanding|status|gaps?|progress|started|compliant)\b/;
    return !f.status && !has(q, aboutObligations) && has(q, /(?:^|[:;,\-–—]\s*)(?:what|which|who|when|where|how (?:long|soon|quickly|fast|much|many days|often)|does|do|is|are|under)\b/);
  }
  return false;
}

/** What a named document is evidence for: 'what does it count as evidence for', 'requirements backed by it'. */
const COVERAGE_ASKED = /\bevidence for\s*[?.!]*\s*$|\b(?:counts? as evidence|(?:backed|supported|covered|evidenced|satisfied|met) by|(?:which|what) requirements? (?:does|do|is|are|can|could|would) (?:the |our |this |that )?[\w ().-]*?\b(?:support|cover|back|evidence|satisfy|prove))\b/;

function subjectOf(q: string, rest: string, plan: QueryPlan): Subject {
  const f = plan.filters;
  const evidenceWords = /\b(?:evidence|documents?|docs|proofs?|artifacts?|artefacts?|uploads?|uploaded|files?|attachments?)\b/;
  if (plan.ask === 'draft') return 'draft';
  if (f.evidence && has(q, COVERAGE_ASKED)) return 'evidence_coverage';
  if (has(q, /\b(?:tenants|business units|subsidiaries|entities)\b/) || (has(q, /\btenant\b/) && has(q, /\b(?:compare|other|each|every|which tenant|best|worst)\b/))) return 'tenants';
  if (has(q, /\b(?:expir\w*|renew\w*)\b/) && has(q, /\b(?:evidence|in the (?:system|product|tool|library|app))\b/)) return 'expiry';
  if (asksDocumentContent(q, f)) return 'passages';
  if (has(q, /\b(?:domains?|areas?)\b/) && has(q, /\b(?:worst|weakest|lowest|lagging|most attention|behind|poorest|best|strongest|highest)\b/) && !f.domain) return 'domains';
  if (has(q, /\b(?:expir\w*|renew\w*|stale|out of date|outdated|valid until|lapse\w*)\b/) && !(f.contract && (f.status || has(q, /\brequirements?\b/)))) return 'expiry';
  const aboutRate = has(q, ABOUT_COMPLIANCE);
  const comparedWithThen = f.period && has(q, /\b(?:more|less|better|worse|higher|lower|than)\b/) && has(q, /\b(?:complian\w*|rate|score|posture)\b/);
  if (has(q, /\b(?:trend\w*|over time|history|historical|changed over|improved since|progress since|score (?:changed|change|moved)|compared (?:to|with) last|month over month|week over week|(?:a|one|two|three|six|\d+) (?:days?|weeks?|months?|years?) ago|last (?:month|quarter|year)'s|used to be|previously|since q[1-4]|since (?:january|february|march|april|may|june|july|august|september|october|november|december|last)|(?:at the )?(?:start|beginning) of (?:the )?(?:year|quarter|month)|last year|(?:was|were)\b[^?.!]*\b(?:in|during|as of|back in|at the end of) (?:january|february|march|april|may|june|july|august|september|october|november|december|q[1-4]|20\d\d)|(?:more|less|better|worse|higher|lower) [^?.!]*\b(?:last|previous|prior) (?:quarter|month|year|audit)|(?:last|previous|prior) (?:quarter|month|year) [^?.!]*\bthan (?:we are |it is )?(?:now|today))\b/) && aboutRate || (f.period && has(q, /\b(?:moved|changed|shifted|gone (?:up|down)|improved|dropped|risen|fallen)\b/) && has(q, /\b(?:it|rate|score|complian\w*)\b/)) || (has(q, /\b(?:rate|score|posture)\b/) && f.period) || comparedWithThen) return 'trend';
  if (has(q, /\b(?:what|anything|who) (?:has )?(?:changed|happened|was (?:updated|changed|uploaded))\b|\b(?:did|has|have) (?:anything|something|much|anyone|anybody) (?:change|changed|happen|happened|touch|touched|update|updated|edit|edited)\b|\b(?:anyone|anybody) (?:touch|change|update|edit)\w*\b|\banything (?:new|changed?)\b|\b(?:changes|activity|recent updates|what is new|updates)\b/) || (f.period && has(q, /\b(?:changed?|updated|uploaded|added|marked|modified|closed|completed)\b/))) return 'activity';
  if (has(q, /\b(?:overdue|due(?! diligence)|past due|late|deadlines? (?:for|on) (?:our )?requirements?|next \d+ days|coming due|deadlines? (?:are |is )?coming up|upcoming deadlines?|deadlines? (?:do|have) (?:i|we)|my deadlines?|(?:before|by) (?:the )?end of (?:the |this |next )?(?:day|week|month|quarter|year)|(?:before|by) (?:monday|tuesday|wednesday|thursday|friday|next week|month end|quarter end|year end))\b/) && !f.contract && !has(q, CONTRACT_WORDS)) return 'due_dates';
  if (f.requirement_ids?.length || (f.control && !has(q, /\b(?:requirements|items|controls) (?:map|mapped|are mapped|that map|cite|citing)\b|\b(?:which|what|how many|list|show) (?:\w+ )?requirements\b/))) {
    if (has(rest, evidenceWords) && !has(q, /\bstatus\b/)) return 'evidence';
    return 'requirement';
  }
  const ownersAsked = /\b(?:who(?:'s| is)? (?:on the hook|accountable|in charge)|who (?:owns|is responsible|handles|is working|looks after|has|have|holds)|owners?\b|ownership|assignees?|workload|who has the most|(?:which|what) (?:people|persons?|users?|team members?|colleagues|folks) (?:own|are responsible|handle|look after|have|hold|carry))\b/;
  if (f.contract && !has(q, /\bobligations?\b/) && (has(q, /\b(?:requirements?|items|controls)\b/) || f.status || has(q, ownersAsked))) return has(q, ownersAsked) && !f.owner ? 'owners' : 'requirements';
  if (f.source && has(q, /\brequirements?\b/) && !has(q, /\bobligations?\b/)) return 'requirements';
  if (f.contract || f.unknown_contract || has(q, CONTRACT_WORDS)) return 'contracts';
  if ((f.evidence || f.evidence_type) && has(q, FACT_QUESTION) && !has(q, /\b(?:used|using|relied on)\b/)) return 'passages';
  if (has(q, /\b(?:am i|are we|is it|are staff|are employees) (?:allowed|permitted|supposed)\b|\ballowed to\b|\bwhat (?:caused|happened)\b|\bwhy did\b/)) return 'passages';
  if (has(q, /\brequirements?\b/) && plan.ask === 'count' && !has(q, CONTRACT_WORDS)) return 'requirements';
  if (!has(q, /\bdashboard\b/) && has(q, /\b(?:when (?:was|were|did|is|are)|how (?:often|long|frequently)|according to|what does (?:the|our) .* say|did we (?:meet|pass|achieve|hit)|results? of|findings|rto|rpo|last (?:test|tested|exercise|review|assessment|audit|drill|simulation|campaign)|(?:click|completion|report|pass) rates?|root cause|postmortem|post-mortem|outage)\b/) && !has(q, /\bhow many (?:requirements|obligations|contracts|documents)\b/)) return 'passages';
  if (!f.status && !f.owner && !f.contract && has(q, FACT_OF_A_THING)) return 'passages';
  if (f.evidence && has(q, /\b(?:cover|covers|covered|support|supports|supported|satisfy|satisf\w+|address|addresses|map|maps|mapped|linked|tied|associated|backs?(?: up)?|prove|proves|meet|meets|used|relied on|referenced|counts? (?:toward|towards|for)|help(?:s|ing)? (?:with|us)|coverage|go(?:es)? towards?)\b/)) return 'evidence_coverage';
  if (f.evidence && has(q, /\b(?:say|says|state|states|mention|mentions|contain|contains|describe|describes|what does)\b/)) return 'passages';
  if (f.evidence_type || has(rest, evidenceWords) || (f.evidence && !has(q, /\brequirements?\b/))) return 'evidence';
  if (plan.ask === 'check' && has(q, HELD_ARTEFACT)) return 'evidence';
  if (has(q, ownersAsked) && !f.owner) return 'owners';
  if (has(q, /\b(?:improv\w*|increas\w*|rais(?:e|ing)|boost\w*|higher (?:score|rate)|next steps?|what should (?:we|i) (?:do|focus|work|tackle|fix|start)|where (?:should|do) (?:we|i) (?:start|focus|begin)|action plan|roadmap|quick wins?|get compliant|become compliant|close (?:the |our )?gaps)\b/) || (has(q, /\brecommend\w*/) && has(q, ABOUT_COMPLIANCE))) return 'improve';
  const filtered = f.status || f.owner || f.has_evidence !== undefined || f.source || f.priority || (f.domain && has(q, /\brequirements?|controls?|items?\b/));
  if (filtered) return 'requirements';
  if (f.domain && !topicOf(rest) && !has(q, /\b(?:anything|requirements? (?:on|about))\b/)) return 'domain';
  if (has(q, /\bframeworks?\b/) || (f.framework && !has(q, /\b(?:gaps?|missing|priorit\w*|top|urgent|remaining)\b/) && has(q, /\b(?:complian\w*|rate|score|doing|status|ready|readiness|stand|posture|progress|percent\w*|how)\b/))) return 'frameworks';
  if (has(q, /\b(?:domains?|areas?|categories|category|weakest|weak spots?|attention|lagging|struggling|worst|behind)\b/)) return 'domains';
  const priority = /\b(?:top|highest|most (?:important|urgent|critical|pressing)|urgent|critical|priorit(?:y|ies|i[sz]e|i[sz]ed|i[sz]ation))\b/;
  if (has(q, priority) && !f.framework && !f.domain) return 'top_priority';
  const topic = topicOf(rest);
  if (topic && has(q, /\b(?:anything|something|requirements?|controls?|search|find|look up|do we (?:have|cover|address|handle))\b/)) return 'requirements';
  if (has(q, /\b(?:gaps?|missing|non-?compliant|not (?:yet )?compliant|open items?|outstanding|remaining|left to do|shortfalls?|deficienc\w*|failing|to do)\b/) || (f.framework && has(q, /\b(?:top|urgent|priorit\w*)\b/))) return 'gaps';
  if (has(q, /\b(?:top|highest|most (?:important|urgent|critical|pressing)|urgent|critical|priorit(?:y|ies|i[sz]e|i[sz]ed|i[sz]ation))\b/)) return 'top_priority';
  if (f.framework) return 'frameworks';
  if (has(q, /\b(?:complian\w*|rates?|scores?|status|how (?:are|is) (?:we|our)|doing|progress|ready|readiness|percentage|posture|standing|where do we stand|how far|overview|summary|dashboard|overall|coverage|headline|big picture|bottom line)\b/)) return 'summary';
  if (topic && f.domain) return 'requirements';
  if (topic && plan.ask === 'check' && has(q, ABOUT_COMPLIANCE)) return 'passages';
  return 'unknown';
}

/** 'What are the gaps in PCI?': the ranked gap list of a framework, not a filtered search. */
function isGapList(q: string, plan: QueryPlan): boolean {
  const { status, framework, limit, ...others } = plan.filters;
  const open = status?.length === 2 && status.includes('Not Started') && status.includes('In Progress');
  return open && Object.keys(others).length === 0 && /\b(?:gaps?|missing|outstanding|remaining|open items?|shortfalls?|left to do|still to do)\b/.test(q) && (framework !== undefined || limit !== undefined || !/\brequirements?\b/.test(q));
}

const COVERAGE = /\bwhat\s+(?:does|do)\s+(?:the\s+|our\s+)?(.+?)\s+(?:cover|support|address|satisfy|map\s+to|prove)\b/i;
const GENERIC = /^(?:evidence|documents?|it|this|that|these|those|we|us|each|each document|our documents|policy|the policy)$/i;

/** A document named in 'What does the Firewall Standard cover?' that is not one of the tenant's (as written). */
function unknownDocument(question: string): string | null {
  const name = COVERAGE.exec(question)?.[1]?.trim();
  return name && !GENERIC.test(name) ? name : null;
}

/** The words that tell the tenants apart ('clinics', 'labs' of Harborview Clinics and Harborview Labs). */
function namesTwoTenants(q: string, tenants: readonly string[]): boolean {
  if (tenants.length < 2) return false;
  const words = tenants.map((t) => normalise(t).split(/\s+/));
  const shared = words.reduce((common, w) => common.filter((x) => w.includes(x)));
  const named = words.filter((w) => w.some((x) => !shared.includes(x) && x.length > 2 && new RegExp(`\\b${x}\\b`).test(q)));
  return named.length >= 2;
}

/** 'how does Labs compare?': a comparison naming a word only another readable tenant's name holds. */
function comparesWithATenant(q: string, tenants: readonly string[]): boolean {
  if (tenants.length < 2 || !/\b(?:compare|compares|comparison|stack up|stacks up|versus|vs|against)\b/.test(q)) return false;
  const own = new Set(normalise(tenants[0]!).split(/\s+/));
  return tenants.slice(1).some((t) => normalise(t).split(/\s+/).some((w) => w.length > 2 && !own.has(w) && new RegExp(`\\b${w}\\b`).test(q)));
}

/** One question on its own → its query plan. `tenants`: the current tenant's name, then the others the user may read. */
export function parseQuestion(question: string, vocabulary: Vocabulary, now: Date, tenants: readonly string[] = []): QueryPlan {
  const q = normalise(question);
  if (GREETING.test(q)) return { ask: 'list', subject: 'help', filters: {}, greeting: true };
  if (HELP.test(q)) return { ask: 'list', subject: 'help', filters: {} };
  if (namesTwoTenants(q, tenants) || comparesWithATenant(q, tenants)) return { ask: 'compare', subject: 'tenants', filters: {} };
  const { filters, rest: linkedRest, domainWord } = linkEntities(question, vocabulary, now);
  const plan: QueryPlan = { ask: askOf(q), subject: 'unknown', filters };
  plan.subject = subjectOf(q, linkedRest, plan);
  // A domain named by a topic word ('encryption', 'backups'): requirement searches look for the word itself.
  const rest = domainWord ? `${domainWord} ${linkedRest}` : linkedRest;
  const area = plan.filters.domain;
  if (domainWord) plan.area_word = domainWord;
  if (domainWord && (plan.subject === 'requirements' || plan.subject === 'owners' || plan.subject === 'unknown' || plan.subject === 'domain')) {
    delete plan.filters.domain;
    if (plan.subject !== 'owners') plan.subject = 'requirements';
  }
  if (domainWord && plan.subject === 'contracts') delete plan.filters.domain;
  if (domainWord && plan.subject === 'requirements' && Object.keys(plan.filters).length === 0 && !has(q, /\b(?:anything|something|requirements?|controls?|about|on|regarding|mention\w*)\b/) && !has(q, ABOUT_COMPLIANCE)) {
    // 'and for logging?': nothing asked of its own; a follow-up may take the area.
    plan.subject = 'unknown';
    plan.filters.domain = area;
  }
  if (plan.subject === 'requirements' && isGapList(q, plan)) plan.subject = 'gaps';
  if (plan.subject === 'owners' && plan.filters.status?.length === 2 && Object.keys(plan.filters).length === 1) delete plan.filters.status;
  // Leftover words are a topic when the question points at one ('about', 'mentioning') or states no
  // other filter; otherwise they are the question's own words ('looking after', 'under').
  const cue = /\b(?:about|on|regarding|mention(?:s|ing)?|related to|relating to|concerning|covering|containing|contain|involving|around|say|says|refer(?:s|ring)? to)\b|["“]/.test(q);
  const others = Object.keys(plan.filters).filter((k) => k !== 'limit').length;
  const terms = vocabulary.terms ? new Set(vocabulary.terms) : undefined;
  const quoted = quotedTopic(question);
  if (quoted) plan.filters.exact = true;
  const topic = quoted ?? (plan.subject === 'requirements' && others > 0 && !cue && !domainWord ? undefined : topicOf(rest, terms, q));
  // 'and which mention penetration testing?': a topic of its own even with nothing else asked (a follow-up takes it).
  if (topic && (['requirements', 'contracts', 'passages', 'domain', 'owners', 'evidence'].includes(plan.subject) || (plan.subject === 'unknown' && cue)) && !(plan.subject === 'owners' && !domainWord)) {
    plan.filters.query = topic.query;
    plan.filters.topic = topic.topic;
  }
  if (plan.subject === 'domain' && topic) plan.subject = 'requirements';
  const named = unknownDocument(question);
  if (named && !plan.filters.evidence && !plan.filters.contract && !plan.filters.framework && !/\b(?:domain|area|framework|category)$/i.test(named)) {
    plan.subject = 'evidence_coverage';
    plan.filters.evidence = named;
  }
  return plan;
}
