import { isVocabularyWord } from './vocabulary';

/**
 * The assistant answers from the current tenant's data only. This pure check runs before any tool or
 * model call in both providers: a question about another tenant or organization is refused plainly.
 * The refusal never depends on whether the named tenant exists (nothing is looked up); only the tenants
 * the user may already switch to get the "switch the tenant selector" hint. A comparison of the tenants
 * the user may read is the one question across tenants that is answered.
 */

/**
 * `known_names`: names in the tenant's own data (owners, contract parties and files, documents), never
 * refused. `strict`: names next to owners count too (the caller resolves the tenant's own names through
 * `known_names`, so 'Tom Becker' passes and 'Harborview Labs' does not). Names next to contract words
 * are customers of the tenant, whose contracts it holds or not.
 */
export type ScopeContext = { tenant_name: string; organization_name: string; other_tenants: readonly string[]; known_names?: readonly string[]; strict?: boolean };

export type ScopeDecision = { allowed: true } | { allowed: false; reason: 'cross_tenant' | 'named_entity' | 'accessible_tenant'; message: string; entity?: string };

/** An alternation of words that also matches them capitalised (at the start of a sentence). */
function anyCase(words: string): string {
  return `(?:${words
    .split(' ')
    .map((w) => w.replace(/^[a-z]/, (c) => `[${c}${c.toUpperCase()}]`))
    .join('|')})`;
}

const ENTITY_NOUN = `${anyCase('tenant tenants organization organizations organisation organisations org orgs company companies workspace workspaces')}\\b`;
/** Other tenants, organizations, companies, or customers and clients (but not 'other customer contracts', which are the tenant's own). */
const OTHER_PARTY = '(?:tenants?|organi[sz]ations?|orgs?|compan(?:y|ies)|workspaces?|(?:customers?|clients?)(?!\\s+(?:contracts?|agreements?|obligations?|msas?|dpas?)))';

/** Phrases that ask for data beyond the current tenant, whatever name follows. */
const CROSS_TENANT: RegExp[] = [
  new RegExp(`\\b(?:other|another|different|some\\s*one\\s+else['’]s|somebody\\s+else['’]s|the\\s+rest\\s+of\\s+the)\\s+${OTHER_PARTY}\\b`, 'i'),
  /\b(?:all|every|each|multiple|several)\s+(?:of\s+(?:the|our)\s+)?(?:tenants?|organi[sz]ations?|orgs|companies|workspaces?)\b/i,
  /\bacross\s+(?:all\s+|the\s+|our\s+|multiple\s+)*(?:tenants|organi[sz]ations|orgs|companies|workspaces)\b/i,
  /\bcross[-\s]?(?:tenant|organi[sz]ation|org|company)\b/i,
  /\b(?:which|what|list|show|name)\b[^?.!]*\btenants\b/i,
  /\bhow many\s+(?:tenants|organi[sz]ations|orgs)\b/i,
  /\b(?:our|my|the)\s+(?:peers|competitors|competition)\b|\b(?:peers|competitors)['’]?\s[^?.!]*\b(?:complian\w*|rates?|scores?|gaps?|data|evidence|doing)\b/i,
  /\bcompar(?:e|ed|ing|ison)\b[^?.!]*\b(?:peers|competitors|others|another|industry|everyone|everybody|the\s+rest)\b/i,
  /\bcompare\s+(?:us|ourselves)\s+(?:with|to|against)\b/i,
  /\b(?:benchmark|rank|stack\s+up)\b[^?.!]*\b(?:against|versus|vs\.?|with|to)\s+(?:other|another|peers|competitors|others|everyone|the\s+rest)\b/i,
];

/** A capitalised name: 'Globex Retail', 'Acme Research', 'Initech', 'ACME Corp.' (digits may follow a word). */
const NAME = "([A-Z][\\w.&'’-]*(?:\\s+(?:&\\s+)?(?:[A-Z][\\w.&'’-]*|\\d[\\w.-]*))*)";
/** A name of at least two capitalised words ('Globex Retail'), none of them the product's words. */
const TWO_WORD_NAME = "((?:[A-Z][\\w&'’-]*\\s+)+[A-Z][\\w&'’-]*)";
/** Words of a question about a tenant's data. */
const DATA_WORDS = /\b(?:complian\w*|rates?|scores?|gaps?|status|posture|progress|doing|performing|evidence|requirements?|contracts?|obligations?|dashboard|frameworks?|domains?|data|numbers|figures|stat(?:s|istics)|priorit\w*|risks?|audits?|open items?|readiness|ready|certified|results?)\b/i;
/** The narrower set for 'about'/'on', which also introduce topics ('requirements about Zero Trust'). */
const ORG_DATA_WORDS = /\b(?:complian\w*|rates?|scores?|gaps?|status|posture|progress|doing|performing|dashboard|numbers|figures|stat(?:s|istics)|readiness|ready|certified|results?)\b/i;
const OWNERSHIP = /\b(?:own(?:s|ed|er|ers)?|assign\w*|responsib\w*)\b/i;
/** A name followed by one of these is a part of the tenant ('the London office', 'the Payments team'), not another organization. */
const INTERNAL_UNIT = /^\s+(?:office|offices|department|team|site|location|region|branch|business\s+unit|division|environment|system|systems|application|app|server|servers|network|cluster|account|accounts|project|programme|program|policy|plan|procedure|standard|report)\b/i;
/** Contracts name the tenant's own customers ('obligations for Harbour Bank'): those names are the tenant's data. */
const COUNTERPARTY = /\b(?:contracts?|obligations?|agreements?|msa|dpa|sla|baa|addend(?:um|a)|schedules?|exhibits?|clauses?|customers?|vendors?|suppliers?)\b/i;
const FOLLOW_UP = /^\s*(?:and|what\s+about|how\s+about|same\s+(?:for|with)|now\s+(?:for|do)|then\s+for)\b/i;

type NamePattern = { pattern: RegExp; needs?: RegExp; minWords?: number };

const NAME_PATTERNS: NamePattern[] = [
  { pattern: new RegExp(`(?:^|[^\\w])${anyCase('of for at in from within inside')}\\s+(?:the\\s+)?${NAME}`, 'g'), needs: DATA_WORDS },
  { pattern: new RegExp(`(?:^|[^\\w])${anyCase('about on')}\\s+(?:the\\s+)?${NAME}`, 'g'), needs: ORG_DATA_WORDS },
  { pattern: new RegExp(`${NAME}\\s+${ENTITY_NOUN}`, 'g') },
  { pattern: new RegExp(`\\b${anyCase('tenant organization organisation org company workspace')}\\s+(?:called\\s+|named\\s+)?["“']?${NAME}`, 'g') },
  { pattern: new RegExp(`\\b${anyCase('how where')}(?:\\s+(?:is|are|does|do|did|has|have)|['’]s)\\s+(?:the\\s+)?${NAME}\\s+(?:doing|performing|faring|tracking|progressing|looking|compliant|comply|compare|comparing|stand|standing|stack|stacking|measure|measuring|scor\\w*|rank\\w*)\\b`, 'g') },
  { pattern: new RegExp(`\\b${anyCase('is are was were does do did has have can could will')}\\s+(?:the\\s+)?${NAME}\\s+(?:compliant|ready|certified|meet|meeting|comply|complying|have|has|hold|own|need|doing|passing|pass|fail|failing|behind|ahead)\\b`, 'g') },
  { pattern: new RegExp(`${NAME}['’]s?\\s+(?:[\\w-]+\\s+){0,2}(?:complian\\w*|rate|score|gaps?|evidence|status|posture|requirements?|contracts?|obligations?|frameworks?|data|progress|dashboard|owners?|policies|risks?|controls?|domains?|results?|audit)\\b`, 'g') },
  { pattern: new RegExp(`${NAME}\\s+(?:holds|has|have|owns|keeps|stores|signed|uploaded)\\b`, 'g') },
  // 'Globex Retail gaps', 'list Globex Retail open requirements': two capitalised words before what a tenant holds.
  { pattern: new RegExp(`${TWO_WORD_NAME}\\s+(?:(?:open|overall|current|latest|outstanding|remaining|compliance|security)\\s+)?(?:complian\\w*|rates?|scores?|gaps?|evidence|status|posture|requirements?|contracts?|obligations?|dashboard|progress|open items?)\\b`, 'g'), minWords: 2 },
  { pattern: new RegExp(`\\b${anyCase('how')}\\s+(?:compliant|secure|ready|far along)\\s+(?:is|are)\\s+(?:the\\s+)?${NAME}`, 'g') },
  { pattern: new RegExp(`\\b[Cc]ompar\\w*\\b[^?.!]*?\\b(?:with|to|against|versus|vs\\.?|and)\\s+(?:the\\s+)?${NAME}`, 'g') },
  // 'now add Globex Retail to the comparison': another name brought into a comparison or a list.
  { pattern: new RegExp(`\\b${anyCase('add include')}\\s+(?:the\\s+)?${NAME}\\s+(?:to|in|into)\\s+(?:the\\s+|this\\s+|that\\s+)?(?:comparison|compare|ranking|table|list|mix)\\b`, 'g') },
  // 'who owns vendor risk over at Globex Retail?': a place that is another organization.
  { pattern: new RegExp(`\\bover\\s+at\\s+(?:the\\s+)?${NAME}`, 'g') },
  // 'now include Globex Retail too': a name brought into the answer before.
  { pattern: new RegExp(`^\\s*(?:${anyCase('now and also')}\\s+)?${anyCase('add include')}\\s+(?:the\\s+)?${NAME}(?:\\s+(?:too|as well|also))?\\s*[?.!]*\\s*$`, 'g') },
  { pattern: new RegExp(`^\\s*${anyCase('and')}\\s+(?:(?:what|how)(?:['’]s|\\s+is|\\s+about)\\s+)?(?:the\\s+)?${NAME}\\s*[?.!]*\\s*$`, 'g') },
  { pattern: new RegExp(`^\\s*(?:the\\s+)?${NAME}\\s+(?:overall\\s+|current\\s+)?(?:complian\\w*|rate|score|gaps?|status|posture|progress|dashboard)\\b`, 'g') },
];

const LEGAL_SUFFIX = /\s+(?:inc|ltd|llc|plc|gmbh|corp|corporation|co|sa|ag|bv|pty|limited)\.?$/i;

function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/[.,;:!?"“”']+$/g, '')
    .replace(/^the\s+/, '')
    .replace(/\s+(?:tenant|organi[sz]ation|org|workspace|account)$/, '')
    .replace(LEGAL_SUFFIX, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function ownNames(context: ScopeContext): string[] {
  return [context.tenant_name, context.organization_name, context.tenant_name.replace(LEGAL_SUFFIX, ''), context.organization_name.replace(LEGAL_SUFFIX, '')]
    .map((n) => n.trim())
    .filter((n) => n.length > 1)
    .sort((a, b) => b.length - a.length);
}

/** Spans of the question that name the current tenant or organization (not as the start of a longer name: 'Acme' in 'Acme Research'). */
function ownNameSpans(question: string, context: ScopeContext): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const name of ownNames(context)) {
    for (const match of question.matchAll(new RegExp(`(?<![\\w])${escapeRegExp(name)}(?:['’]s)?(?![\\w])`, 'gi'))) {
      const start = match.index;
      const end = start + match[0].length;
      const next = /^\s+([A-Z][\w'’-]*)/.exec(question.slice(end))?.[1];
      if (next && !isVocabularyWord(next)) continue;
      if (!spans.some(([a, b]) => start < b && end > a)) spans.push([start, end]);
    }
  }
  return spans.sort((a, b) => b[0] - a[0]);
}

/** The question with the current tenant's and organization's names replaced, so naming them is never refused. */
function withoutOwnNames(question: string, spans: ReadonlyArray<[number, number]>): string {
  return spans.reduce((text, [start, end]) => `${text.slice(0, start)} us ${text.slice(end)}`, question);
}

/** Trims a detected name to its words that are not product vocabulary at the ends ('Globex Retail Compliance' → 'Globex Retail'). */
function entityOf(raw: string): string | null {
  const words = raw.replace(/['’]s$/, '').replace(/[.,;:!?]+$/, '').split(/\s+/).filter(Boolean);
  while (words.length && isVocabularyWord(words[0] ?? '')) words.shift();
  while (words.length && isVocabularyWord(words.at(-1) ?? '')) words.pop();
  if (!words.length) return null;
  return words.join(' ');
}

/** An accessible tenant named in full anywhere in the question (outside the current tenant's own name). */
function otherTenantIn(question: string, spans: ReadonlyArray<[number, number]>, context: ScopeContext): string | null {
  const own = new Set(ownNames(context).map(normaliseName));
  const candidates = context.other_tenants.filter((n) => n.trim() && !own.has(normaliseName(n))).sort((a, b) => b.length - a.length);
  for (const name of candidates) {
    const distinctive = name.split(/\s+/).some((word) => !isVocabularyWord(word));
    const pattern = new RegExp(`(?<![\\w])${escapeRegExp(name.trim())}(?![\\w])`, distinctive ? 'gi' : 'g');
    for (const match of question.matchAll(pattern)) {
      const inside = spans.some(([a, b]) => match.index >= a && match.index + match[0].length <= b);
      if (!inside) return name;
    }
  }
  return null;
}

/** The accessible tenant a detected name refers to: the same name, or the first words of its name ('Globex' for 'Globex Retail'). */
function accessibleMatch(entity: string, context: ScopeContext): string | null {
  const wanted = normaliseName(entity);
  const exact = context.other_tenants.find((n) => normaliseName(n) === wanted);
  if (exact) return exact;
  const byPrefix = context.other_tenants.filter((n) => normaliseName(n).startsWith(`${wanted} `));
  return byPrefix.length === 1 ? (byPrefix[0] ?? null) : null;
}

export function refusalMessage(context: ScopeContext): string {
  return `I can only use data of ${context.tenant_name} (${context.organization_name}). I can't share or look up information about other tenants or organizations.`;
}

function switchMessage(name: string, context: ScopeContext): string {
  return `${refusalMessage(context)} You also have access to ${name}: switch the tenant selector to ${name} and ask again.`;
}

function genericMessage(context: ScopeContext): string {
  const hint = context.other_tenants.length ? ' To look at another tenant you have access to, switch the tenant selector to it and ask again.' : '';
  return `${refusalMessage(context)}${hint}`;
}

/** Initials of a role ('IC', 'CISO', 'DPO'). */
const ROLE_INITIALS = /^[A-Z]{2,5}$/;

/** Finds a named company, tenant or organization used as the subject of a data question. */
function namedEntity(text: string, strict: boolean): string | null {
  const followUp = FOLLOW_UP.test(text);
  const aboutPeopleOrCounterparties = (!strict && OWNERSHIP.test(text)) || COUNTERPARTY.test(text);
  for (const { pattern, needs, minWords = 1 } of NAME_PATTERNS) {
    if (needs && ((!followUp && !needs.test(text)) || aboutPeopleOrCounterparties)) continue;
    for (const match of text.matchAll(pattern)) {
      if (INTERNAL_UNIT.test(text.slice(match.index + match[0].length))) continue;
      const entity = entityOf(match[1] ?? '');
      // 'does the IC have to call…': a role's initials and a duty, not another organization's data.
      if (entity && ROLE_INITIALS.test(entity) && /^\s+to\b/.test(text.slice(match.index + match[0].length))) continue;
      // A single letter ('N' of 'N/A') names nobody.
      if (entity && /[A-Za-z]/.test(entity) && entity.replace(/[^A-Za-z0-9]/g, '').length > 1 && entity.split(/\s+/).length >= minWords) return entity;
    }
  }
  return null;
}

/**
 * Comparing the tenants the user may read ('Compare our tenants'): answered by a tool that reads only
 * those, so it is allowed when the user can read more than the current one.
 */
const TENANT_COMPARISON =
  /\b(?:compare|comparison|rank|ranking|versus|vs\.?|side by side|benchmark)\b[^?.!]*\btenants\b|\btenants\b[^?.!]*\b(?:compare|rank|best|worst|lowest|highest|behind|ahead)\b|\b(?:our|my|all (?:of )?(?:our|my))\s+tenants\b|\b(?:compar\w*|versus|vs\.?|against|side by side)\b[^?.!]*\b(?:our|my|the)\s+other\s+tenant\b/i;

/** Words of a side-by-side question ('Clinics vs Labs', 'how do the two stack up'). */
const TENANTS_SIDE_BY_SIDE = /\b(?:side by side|stack up|further along|ahead of|behind|versus|vs\.?)\b/i;

/** A comparison by name ('compare Clinics and Labs'), allowed only when the names are of readable tenants. */
const TENANTS_COMPARED = /\b(?:compar\w*|rank\w*|benchmark\w*)\b/i;

/** Whether a detected name is made of words of the tenants the user may read ('Clinics', 'Labs'). */
function onlyTenantWords(entity: string, context: ScopeContext): boolean {
  const words = new Set([context.tenant_name, ...context.other_tenants].flatMap((n) => normaliseName(n).split(' ')));
  return normaliseName(entity).split(' ').every((w) => words.has(w) || w === 'and' || w === 'or');
}

/** In strict mode, a lower-case name compared with ('compare our compliance with harborview labs'). */
function comparedWith(text: string): string | null {
  const match = /\bcompar\w*\b[^?.!]*?\b(?:with|to|against|versus|vs\.?)\s+(?:the\s+)?([a-z][\w&.'’-]*(?:\s+[a-z][\w&.'’-]*){0,2})\s*[?.!]*$/i.exec(text);
  const words = match?.[1]?.split(/\s+/).filter((w) => !isVocabularyWord(w)) ?? [];
  return words.length ? words.join(' ') : null;
}

/** Whether every word of a detected name belongs to one name of the tenant's own data ('Tom Becker', 'Bellhaven'). */
function isKnownName(entity: string, known: readonly string[]): boolean {
  const words = normaliseName(entity).split(' ').filter(Boolean);
  return words.length > 0 && known.some((name) => {
    const own = new Set(normaliseName(name).split(' '));
    return words.every((w) => own.has(w));
  });
}

/** Decides whether the last user question stays within the current tenant (see the module comment). */
export function checkScope(question: string, context: ScopeContext): ScopeDecision {
  const spans = ownNameSpans(question, context);
  const accessible = otherTenantIn(question, spans, context);
  const text = withoutOwnNames(question, spans).replace(/\s+/g, ' ');
  if (accessible) return { allowed: false, reason: 'accessible_tenant', entity: accessible, message: switchMessage(accessible, context) };
  const strict = context.strict === true;
  const comparing = context.other_tenants.length > 0 && (TENANT_COMPARISON.test(text) || TENANTS_SIDE_BY_SIDE.test(text));
  if (comparing && (!namedEntity(text, strict) || onlyTenantWords(namedEntity(text, strict)!, context))) return { allowed: true };
  // 'compare Clinics and Labs': a comparison naming only the tenants the user may read.
  const comparedName = context.other_tenants.length > 0 && TENANTS_COMPARED.test(text) ? namedEntity(text, strict) : null;
  if (comparedName && onlyTenantWords(comparedName, context)) return { allowed: true };
  if (CROSS_TENANT.some((pattern) => pattern.test(text))) return { allowed: false, reason: 'cross_tenant', message: genericMessage(context) };
  const entity = namedEntity(text, strict) ?? (strict ? comparedWith(text) : null);
  if (!entity || isKnownName(entity, context.known_names ?? [])) return { allowed: true };
  // 'the headline number for Clinics': words of the current tenant's own name, not of another's.
  if (isKnownName(entity, [context.tenant_name]) && !context.other_tenants.some((n) => isKnownName(entity, [n]))) return { allowed: true };
  const known = accessibleMatch(entity, context);
  if (known) return { allowed: false, reason: 'accessible_tenant', entity: known, message: switchMessage(known, context) };
  return { allowed: false, reason: 'named_entity', entity, message: refusalMessage(context) };
}

/** The question the guard checks: the conversation's last user message. */
export function lastQuestion(messages: ReadonlyArray<{ role: string; content: string }>): string {
  return [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}
