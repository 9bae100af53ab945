import { CUSTOMER_ROLE_WORDS, MUTUAL_SUBJECT, PROVIDER_ROLE_WORDS } from './lexicon';

export type PartyRole = 'provider' | 'customer' | 'mutual' | 'none';

/** Who is who in a contract: the role words plus the short names defined in its preamble. */
export type Parties = {
  provider: RegExp;
  customer: RegExp;
  /** Each side's name as the preamble gives it (the legal name, else its short name), or null. */
  names: { provider: string | null; customer: string | null };
  /** In a mutual agreement, the roles either party can take ('the Recipient', 'the Disclosing Party'): duties of both. */
  mutual: RegExp | null;
};

const MUTUAL_AGREEMENT = /\bmutual\b|\beach party (?:may|will|might) (?:disclose|receive)|\b(?:either|each) (?:party|of the parties) (?:as|being) (?:the )?(?:disclos|recipient|receiving)/i;
const EITHER_SIDE_ROLES = /\b(?:the )?(?:recipient|receiving party|disclosing party|discloser|disclosing person)\b/i;

const PREAMBLE_LENGTH = 3000;
const ORGANISATION =
  /\b(Ltd|Limited|Inc|LLC|L\.L\.C|plc|PLC|GmbH|B\.V|BV|AB|Oy|Pty|Corporation|Corp|S\.A|SAS|AG|LLP|LP|N\.V|Union|Hospital|Group|Bank|University|Council|Trust)\b/;
const NOT_A_PARTY = /^(agreement|this agreement|dpa|baa|msa|effective date|principal agreement|services?|party|parties|gdpr|sow|order form|schedule|annex)$/i;

function titleCase(word: string): string {
  return word.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Terms written in the first and second person: "we", "us", "our" for one side, "you", "your" for the other. */
const FIRST_PERSON = ['we', 'us', 'our'];
const SECOND_PERSON = ['you', 'your'];
const PERSON_IN_DEFINITION = /["“](we|us|our|you|your)["”]/i;

function nameRegex(names: readonly string[], pronouns: readonly string[] = []): RegExp {
  const variants = new Set<string>();
  for (const name of names) {
    variants.add(titleCase(name));
    variants.add(name.toUpperCase());
    variants.add(name);
  }
  const named = [...variants].filter((v) => /[A-Z]/.test(v));
  const spoken = pronouns.flatMap((p) => [p, titleCase(p)]);
  const alternatives = [...named, ...spoken].sort((a, b) => b.length - a.length).map(escape);
  return new RegExp(`(?<![\\w-])(${alternatives.join('|')})(?![\\w-])`, 'g');
}

function roleOfName(name: string): 'provider' | 'customer' | null {
  const lower = name.toLowerCase();
  if (PROVIDER_ROLE_WORDS.includes(lower)) return 'provider';
  if (CUSTOMER_ROLE_WORDS.includes(lower)) return 'customer';
  return null;
}

/**
 * Reads the preamble's party definitions — `Acme Ltd ("Acme" or the "Supplier")` — and assigns each short
 * name a role: by its role word, or, for a bare name, as the counterpart of the other defined party.
 */
export function detectParties(text: string): Parties {
  const preamble = text.slice(0, PREAMBLE_LENGTH);
  const groups: Array<{ names: string[]; role: 'provider' | 'customer' | null; legal: string | null; person: 'first' | 'second' | null }> = [];
  let previousEnd = 0;
  for (const match of preamble.matchAll(/\(([^()]{0,160})\)/g)) {
    const inside = match[1] ?? '';
    if (!/["“]/.test(inside)) continue;
    const before = preamble.slice(previousEnd, match.index);
    previousEnd = (match.index ?? 0) + match[0].length;
    if (/\beach\b/i.test(inside) || !ORGANISATION.test(before)) continue;
    const names = [...inside.matchAll(/["“]([^"”]{2,40})["”]/g)].map((m) => m[1] ?? '').filter((n) => /^[A-Z]/.test(n) && !NOT_A_PARTY.test(n));
    const spoken = PERSON_IN_DEFINITION.exec(inside)?.[1]?.toLowerCase();
    const person = spoken ? (FIRST_PERSON.includes(spoken) ? 'first' : 'second') : null;
    if (names.length === 0 && !person) continue;
    const role = names.map(roleOfName).find((r) => r !== null) ?? null;
    groups.push({ names, role, legal: legalName(before), person });
  }
  const known = new Set(groups.map((g) => g.role).filter((r) => r !== null));
  const unknown = groups.filter((g) => g.role === null);
  if (unknown.length === 1 && known.size === 1 && unknown[0]) unknown[0].role = known.has('provider') ? 'customer' : 'provider';
  const pronouns = personRoles(groups);
  const providerNames = [...PROVIDER_ROLE_WORDS, ...groups.filter((g) => g.role === 'provider').flatMap((g) => g.names)];
  const customerNames = [...CUSTOMER_ROLE_WORDS, ...groups.filter((g) => g.role === 'customer').flatMap((g) => g.names)];
  const nameOf = (role: 'provider' | 'customer') => {
    const group = groups.find((g) => g.role === role);
    return group ? (group.legal ?? group.names.find((n) => roleOfName(n) === null) ?? group.names[0] ?? null) : null;
  };
  return {
    provider: nameRegex(providerNames, pronouns.provider),
    customer: nameRegex(customerNames, pronouns.customer),
    names: { provider: nameOf('provider'), customer: nameOf('customer') },
    mutual: MUTUAL_AGREEMENT.test(preamble) ? EITHER_SIDE_ROLES : null,
  };
}

/**
 * Terms written as "we" and "you" ('Nimbara Cloud Services, Inc. ("Nimbara", "we", "us")' … '("Customer" or
 * "you")'): the pronouns belong to the side whose definition holds them. A side that calls itself "we" with
 * no role word wrote the terms, which makes it the provider; "you" is then the other side.
 */
function personRoles(groups: ReadonlyArray<{ role: 'provider' | 'customer' | null; person: 'first' | 'second' | null }>): { provider: string[]; customer: string[] } {
  const first = groups.find((g) => g.person === 'first');
  const second = groups.find((g) => g.person === 'second');
  if (!first && !second) return { provider: [], customer: [] };
  const opposite = (role: 'provider' | 'customer' | null | undefined) => (role === 'provider' ? 'customer' : role === 'customer' ? 'provider' : null);
  const firstRole = first?.role ?? opposite(second?.role) ?? 'provider';
  const out = { provider: [] as string[], customer: [] as string[] };
  out[firstRole].push(...FIRST_PERSON);
  out[firstRole === 'provider' ? 'customer' : 'provider'].push(...SECOND_PERSON);
  return out;
}

const LEGAL_NAME = new RegExp(
  `([A-Z][\\w&'’.-]*(?:,?\\s+(?:[A-Z][\\w&'’.-]*|of|and|&|for|the)){0,7}?,?\\s+${ORGANISATION.source}(?:\\s+${ORGANISATION.source})?)\\.?`,
  'g',
);

/** The organisation's legal name written just before its definition ('Brightwave Analytics B.V., Herengracht …'). */
function legalName(before: string): string | null {
  const tail = before.slice(-400);
  const found = [...tail.matchAll(LEGAL_NAME)].pop()?.[1];
  return found ? found.replace(/^(and|between|by|with)\s+/i, '').trim() : null;
}

const LEADING_ADVERBIAL = /^(where|when|whenever|if|upon|on|in|at|taking|before|after|within|subject|during|following|without|unless|to the extent|for|notwithstanding|except|save)\b[^,]{0,200},\s*/i;
const PRONOUN_SUBJECT = /^(it|they|its\b|their\b|such party)/i;

/**
 * The role of the party that carries the duty in `beforeModal` (the sentence up to its modal verb):
 * the first party named once any leading adverbial clause ('Where the Processor engages…,') is set aside.
 * A pronoun subject ('it shall') takes the role of `previous`.
 */
export function subjectRole(beforeModal: string, parties: Parties, previous: PartyRole | null): PartyRole {
  const adverbial = LEADING_ADVERBIAL.exec(beforeModal);
  const main = adverbial ? beforeModal.slice(adverbial[0].length) : beforeModal;
  if (MUTUAL_SUBJECT.test(main) || parties.mutual?.test(main)) return 'mutual';
  const role = roleJustBefore(beforeModal, parties) ?? firstRole(main, parties);
  if (role) return role;
  if (PRONOUN_SUBJECT.test(main.trim())) return (adverbial ? firstRole(adverbial[0], parties) : null) ?? previous ?? 'none';
  return 'none';
}

/**
 * The party that opens the main clause right before the modal verb ('…, we will', '…, the Vendor shall
 * promptly'): the subject, even when a long conditional clause before it names the other side ('If we become
 * aware of a breach of your data, we will …').
 */
function roleJustBefore(beforeModal: string, parties: Parties): 'provider' | 'customer' | null {
  let best: { role: 'provider' | 'customer'; start: number; end: number } | null = null;
  for (const [role, pattern] of [['provider', parties.provider], ['customer', parties.customer]] as const) {
    for (const match of beforeModal.matchAll(new RegExp(pattern.source, 'g'))) {
      const end = (match.index ?? 0) + match[0].length;
      if (!best || end > best.end) best = { role, start: match.index ?? 0, end };
    }
  }
  // Only a name that opens the main clause ('…, we will'), not one inside it ('… that you are required to').
  if (!best || !/(^|[,;:]\s*)(the\s+)?$/i.test(beforeModal.slice(0, best.start))) return null;
  const rest = beforeModal.slice(best.end).trim();
  return /^(\w+(ly)?\s*){0,2}$/.test(rest) && !/[,;]/.test(rest) && rest.split(/\s+/).every((w) => w === '' || /ly$|^(also|itself|themselves|each|both|alone|hereby|further)$/i.test(w)) ? best.role : null;
}

function firstRole(text: string, parties: Parties): 'provider' | 'customer' | null {
  parties.provider.lastIndex = 0;
  parties.customer.lastIndex = 0;
  const provider = parties.provider.exec(text);
  const customer = parties.customer.exec(text);
  if (provider && (!customer || provider.index <= customer.index)) return 'provider';
  if (customer) return 'customer';
  return null;
}
