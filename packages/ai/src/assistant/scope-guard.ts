import { isVocabularyWord } from './vocabulary';

/**
 * The assistant answers from the current tenant's data only. This pure check runs before any tool or
 * model call in both providers: a question about another tenant or organization is refused plainly.
 * The refusal never depends on whether the named tenant exists (nothing is looked up); only the tenants
 * the user may already switch to get the "switch the tenant selector" hint.
 */

export type ScopeContext = { tenant_name: string; organization_name: string; other_tenants: readonly string[] };

export type ScopeDecision = { allowed: true } | { allowed: false; reason: 'cross_tenant' | 'named_entity' | 'accessible_tenant'; message: string; entity?: string };

const ENTITY_NOUN = '(?:tenants?|organi[sz]ations?|orgs?|compan(?:y|ies)|workspaces?|accounts?|business(?:es)?|firms?)';
const OTHER_PARTY = '(?:tenants?|organi[sz]ations?|orgs?|compan(?:y|ies)|customers?|clients?|workspaces?|business(?:es)?|firms?)';

/** Phrases that ask for data beyond the current tenant, whatever name follows. */
const CROSS_TENANT: RegExp[] = [
  new RegExp(`\\b(?:other|another|different|(?:some|any)\\s*one\\s+else['’]?s?|someone\\s+else['’]s|the\\s+rest\\s+of\\s+the)\\s+${OTHER_PARTY}\\b`, 'i'),
  new RegExp(`\\b(?:all|every|each|any|other|multiple|several)\\s+(?:of\\s+(?:the|our)\\s+)?(?:tenants?|organi[sz]ations?|orgs?|compan(?:y|ies)|workspaces?)\\b`, 'i'),
  /\bacross\s+(?:all\s+|the\s+|our\s+|multiple\s+)*(?:tenants|organi[sz]ations|orgs|companies|workspaces)\b/i,
  /\bcross[-\s]?(?:tenant|organi[sz]ation|org|company)\b/i,
  /\b(?:which|what|list|show|name)\b[^?.!]*\btenants\b/i,
  /\bhow many\s+(?:tenants|organi[sz]ations|orgs)\b/i,
  /\b(?:our|my|the)\s+(?:peers|competitors|competition)\b|\b(?:peers|competitors)['’]?\b[^?.!]*\b(?:compliance|rate|score|gaps?|data|evidence|doing)\b/i,
  /\bcompar(?:e|ed|ing|ison)\b[^?.!]*\b(?:peers|competitors|others|other\s+\w+|another|industry|everyone|everybody|the\s+rest)\b/i,
  /\b(?:benchmark|rank|stack\s+up|measure)\b[^?.!]*\b(?:against|versus|vs\.?|with|to)\s+(?:other|another|peers|competitors|others|everyone|the\s+rest)\b/i,
];

/** A capitalised name: 'Globex Retail', 'Acme Research', 'Initech', 'ACME Corp.' (digits may follow a word). */
const NAME = "([A-Z][\\w.&'’-]*(?:\\s+(?:&\\s+)?(?:[A-Z][\\w.&'’-]*|\\d[\\w.-]*))*)";
const DATA_WORDS = /\b(?:complian\w*|rates?|scores?|gaps?|status|posture|progress|doing|performing|evidence|requirements?|contracts?|obligations?|dashboard|frameworks?|domains?|data|numbers|figures|stat(?:s|istics)|priorit\w*|risks?|audits?|controls?|policies|documents?|open items?|readiness|ready|certified|results?|details?|info(?:rmation)?)\b/i;
const OWNERSHIP = /\b(?:own(?:s|ed|er|ers)?|assign\w*|responsib\w*|by)\b/i;
const FOLLOW_UP = /^\s*(?:and\s+(?:for|about|in|at|of)?|what\s+about|how\s+about|same\s+(?:for|with)|now\s+(?:for|do)|then\s+for|and\s+what\s+about)\b/i;

const NAME_PATTERNS: Array<{ pattern: RegExp; needsDataWords: boolean }> = [
  { pattern: new RegExp(`(?:^|[^\\w])(?:of|for|at|in|about|from|on|within|inside)\\s+(?:the\\s+)?${NAME}`, 'g'), needsDataWords: true },
  { pattern: new RegExp(`${NAME}\\s+${ENTITY_NOUN}\\b`, 'g'), needsDataWords: false },
  { pattern: new RegExp(`\\b(?:tenant|organi[sz]ation|org|company|workspace)\\s+(?:called\\s+|named\\s+)?["“']?${NAME}`, 'gi'), needsDataWords: false },
  { pattern: new RegExp(`\\b(?:how|where)\\s+(?:is|are|does|do|did|has|have|'s)\\s+(?:the\\s+)?${NAME}\\s+(?:doing|performing|faring|tracking|progressing|looking|compliant|comply|compare|comparing|stand|standing|scor\\w*|rank\\w*|measure)\\b`, 'g'), needsDataWords: false },
  { pattern: new RegExp(`\\b(?:is|are|was|were|does|do|did|has|have|can|could|will)\\s+(?:the\\s+)?${NAME}\\s+(?:compliant|ready|certified|meet|meeting|comply|complying|have|has|hold|own|need|using|use|doing|passing|pass|fail|failing|behind|ahead)\\b`, 'g'), needsDataWords: false },
  { pattern: new RegExp(`${NAME}['’]s?\\s+(?:overall\\s+|current\\s+)?(?:complian\\w*|rate|score|gaps?|evidence|status|posture|requirements?|contracts?|obligations?|frameworks?|data|progress|dashboard|owners?|policies|risks?|controls?|domains?|results?|audit)\\b`, 'g'), needsDataWords: false },
];

const LEGAL_SUFFIX = /\s+(?:inc|ltd|llc|plc|gmbh|corp|corporation|co|sa|ag|bv|pty|limited|group)\.?$/i;

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

/** The question with the current tenant's and organization's names replaced, so naming them is never refused. */
function withoutOwnNames(question: string, context: ScopeContext): string {
  const own = [context.tenant_name, context.organization_name, context.tenant_name.replace(LEGAL_SUFFIX, ''), context.organization_name.replace(LEGAL_SUFFIX, '')]
    .map((n) => n.trim())
    .filter((n) => n.length > 1)
    .sort((a, b) => b.length - a.length);
  return own.reduce((text, name) => text.replace(new RegExp(`(?<![\\w])${escapeRegExp(name)}(?:['’]s)?(?![\\w])`, 'gi'), ' us '), question);
}

/** Trims a detected name to its words that are not product vocabulary at the ends ('Globex Retail Compliance' → 'Globex Retail'). */
function entityOf(raw: string): string | null {
  const words = raw.replace(/['’]s$/, '').replace(/[.,;:!?]+$/, '').split(/\s+/).filter(Boolean);
  while (words.length && isVocabularyWord(words[0] ?? '')) words.shift();
  while (words.length && isVocabularyWord(words.at(-1) ?? '')) words.pop();
  if (!words.length) return null;
  return words.join(' ');
}

function otherTenantIn(text: string, context: ScopeContext): string | null {
  const ownNames = new Set([normaliseName(context.tenant_name), normaliseName(context.organization_name)]);
  const candidates = [...context.other_tenants].filter((n) => !ownNames.has(normaliseName(n))).sort((a, b) => b.length - a.length);
  for (const name of candidates) {
    const distinctive = name.split(/\s+/).some((word) => !isVocabularyWord(word));
    const flags = distinctive ? 'i' : '';
    if (new RegExp(`(?<![\\w])${escapeRegExp(name.trim())}(?![\\w])`, flags).test(text)) return name;
  }
  return null;
}

function accessibleMatch(entity: string, context: ScopeContext): string | null {
  const wanted = normaliseName(entity);
  return context.other_tenants.find((n) => normaliseName(n) === wanted) ?? null;
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

/** Finds a named company, tenant or organization used as the subject of a data question. */
function namedEntity(text: string): string | null {
  const isDataQuestion = DATA_WORDS.test(text) || FOLLOW_UP.test(text);
  for (const { pattern, needsDataWords } of NAME_PATTERNS) {
    if (needsDataWords && (!isDataQuestion || OWNERSHIP.test(text))) continue;
    for (const match of text.matchAll(pattern)) {
      const entity = entityOf(match[1] ?? '');
      if (entity && /[A-Za-z]/.test(entity)) return entity;
    }
  }
  return null;
}

/** Decides whether the last user question stays within the current tenant (see the module comment). */
export function checkScope(question: string, context: ScopeContext): ScopeDecision {
  const text = withoutOwnNames(question, context).replace(/\s+/g, ' ');
  const accessible = otherTenantIn(text, context);
  if (accessible) return { allowed: false, reason: 'accessible_tenant', entity: accessible, message: switchMessage(accessible, context) };
  if (CROSS_TENANT.some((pattern) => pattern.test(text))) return { allowed: false, reason: 'cross_tenant', message: genericMessage(context) };
  const entity = namedEntity(text);
  if (!entity) return { allowed: true };
  const known = accessibleMatch(entity, context);
  if (known) return { allowed: false, reason: 'accessible_tenant', entity: known, message: switchMessage(known, context) };
  return { allowed: false, reason: 'named_entity', entity, message: refusalMessage(context) };
}
