import type { SuggestResponseInput } from '../engine';
import { citedName } from '../cited-name';
import { analyzeText } from './nlp';
import { meetsQuantity, requiredQuantities, statedQuantities } from './quantities';
import { ABOUT_THE_DOCUMENT, DOCUMENT_KEPT, EXCEPTION_HEADING, FRAMING_HEADING, NAMES_A_FILE, NEVER_SUPPORT, NOT_A_CONTROL, NOT_DONE_PASSIVE, NOT_SUPPORT, OWNERSHIP, OWNER_OR_FREQUENCY, PLAN_DOCUMENT, PLAN_HEADING, UNDONE } from './sentence-kinds';
import { type EvidenceSentence, evidenceSentences, identifierWords, stemsOf, writtenStemsOf } from './response-sentences';

/**
 * Drafts the response an analyst would paste into an audit answer, from the linked evidence only: in
 * our voice, how the requirement is met, each claim a whole sentence of the evidence followed by the
 * document and section it comes from; what the evidence does not show is said plainly, and then the
 * response does not claim the requirement is met.
 */

const MAX_CLAIMS = 4;

/** Words of requirements that say nothing about what is required ('ensure', 'appropriate'). */
const GENERIC = new Set(
  'ensur maintain implement establish defin document organ organis organiz appropri process procedur polici control requir system inform use includ relev applic formal adequ ensure where necessari all ani least place have make longer'.split(' '),
);

/** Words that say what a requirement applies to (laptops, accounts, staff), not what it requires of it. */
const SCOPE = new Set('laptop devic system server workforc account compani data customer network applic servic product environ cloud organis asset information workstat endpoint mobil corpor intern extern parti supplier individu peopl team member domain email all new critic sever high'.split(' '));

/** Stems of how often a control runs. */
const FREQUENCY_STEM = /^(?:hourli|daili|weekli|monthli|quarterli|semiannu|annual|continu)$/;
const FREQUENCY_ORDER = ['continu', 'hourli', 'daili', 'weekli', 'monthli', 'quarterli', 'semiannu', 'annual'];

/** Stems of how much or how often, which say nothing of what a sentence is about. */
const QUANTITY_WORD = /^(?:minimum|maximum|least|most|day|week|month|year|hour|minut|second|quarter|annual|quarterli|monthli|weekli|daili|semiannu|time|period|within|\d+)$/;

/** A part that asks for something to be off or absent ('disable SMBv1', 'never store the CVV'). */
const PROHIBITIVE = /\b(?:disabl\w*|block\w*|prohibit\w*|deny|denies|never|not|no|without|prevent\w*|remov\w*|turn(?:ed)? off|forbid\w*|avoid\w*|reject\w*)\b/i;

/** The stems of each setting a line shows switched off ('Encryption: Disabled', 'sms_allowed: false'). */
function switchedOff(text: string): Array<{ stems: string[]; prohibits: boolean }> {
  const keys = [...text.matchAll(/(?:^|[|;,]\s*|Setting\s+)"?([A-Za-z][\w .()/-]{0,40}?)"?\s*[:=]\s*"?(?:disabled|false|off|none|no|not (?:configured|enabled|set)|n\/a)\b/gi)];
  // 'securityBlockJailbrokenDevices: false' switches a block off.
  return keys.map((k) => ({ stems: stemsOf(k[1]!), prohibits: PROHIBITIVE.test(identifierWords(k[1]!)) }));
}

type Claim = { sentence: EvidenceSentence; name: string; section?: string };

/**
 * What a requirement says beside what it asks done: examples ('such as FIDO2 keys') and what it is for ('so
 * that no one can alter them') belong to the part they follow, which they may show in its stead; a condition
 * that leads the requirement ('Before staff get access, …') is not a part to show.
 */
// ('such as full track data, card verification codes or PINs': a list of examples ends on its 'or' or 'and'.)
const EXAMPLE = /\s*\b(?:such as|for example|for instance|e\.g\.)\s(?:(?:[^,;]{1,60},\s*)+?(?!(?:and|or)\b)[^,;]*?\s(?:or|and)\s[^,;]*|[^,;]*)/i;
const PURPOSE = /\s*\b(?:so that|so as to|in order to)\s.*$/i;
const LEADING_CONDITION = /^(?:before|after|when|whenever|once|prior to|upon|if|unless|where|in order to)\b[^,;]*,\s*/i;

/** Commas, semicolons and "and" part a requirement (what brackets hold, an example, is taken out first). */
function splitParts(text: string): string[] {
  const split = protectTerms(text.replace(LEADING_CONDITION, '').replace(/,\s*(?=(?:such as|for example|for instance|e\.g\.|so that|so as to|in order to)\s)/gi, ' '))
    .replace(/\s*\([^)]*\)/g, '')
    // 'say when and how to notify': question words joined by 'and' ask one thing.
    .split(/(\s*[,;]\s*|(?<!\b(?:when|how|what|where|who|whether|why))\s+and\s+(?!(?:how|when|where|why)\b)(?=(?:a |an |the )?\w+))/i)
    .map((part) => part.replace(/\u2060/g, ' '));
  const wordsOf = (piece: string) => analyzeText(piece).tokens.filter((t) => t.kind === 'word');
  // 'creates, receives, maintains or transmits PHI' is one part: a verb alone belongs with what follows it.
  // 'prohibit shared, group or generic accounts': a describing word before a comma belongs with the words it describes.
  const parts: string[] = [];
  let carried = '';
  for (let i = 0; i < split.length; i += 2) {
    const piece = split[i]!;
    const separator = split[i - 1] ?? '';
    const pieceWords = wordsOf(piece);
    if (piece.trim().split(/\s+/).length === 1 && pieceWords[0]?.pos === 'VERB') {
      carried += `${piece.trim()}, `;
      continue;
    }
    const previous = parts.at(-1);
    // ('Backups must be encrypted, copies stored offsite' is two parts: there the word ends what is required.)
    const words = previous === undefined ? [] : wordsOf(previous);
    const last = words.at(-1);
    const predicate = /^(?:be|been|is|are|was|were)$/i.test(words.at(-2)?.value ?? '');
    const hasVerb = pieceWords.some((t) => t.pos === 'VERB' && !/ed$/.test(t.value));
    const describing = previous !== undefined && separator.trim() === ',' && !carried && !predicate && !hasVerb &&
      // ('standard, non-privileged accounts': two describing words before one noun.)
      ((/^(?:ADJ|VERB)$/.test(last?.pos ?? '') && /(?:ed|al|ic|ive|ous)$/.test(last?.value ?? '')) || (last?.pos === 'ADJ' && (pieceWords[0]?.pos === 'ADJ' || (pieceWords[0]?.pos === 'VERB' && /ed$/.test(pieceWords[0].value)))));
    // 'MFA, for all administrator accounts': what a part applies to, after a comma, stays with it.
    const scopeOnly = previous !== undefined && separator.trim() === ',' && !carried && !hasVerb && /^(?:for|on|in|across|at|to|from|of|by)\s/i.test(piece.trim());
    // 'an accurate and thorough assessment': two describing words joined by 'and' describe one thing.
    // 'Back up critical systems and data automatically …': a second thing the same verb is done to stays in its part.
    // ('… at the front desk and restaurant for tampering': a noun followed by what it is of or where, not by an object, is a second noun of the same part.)
    // ('… for tampering every week': a verb's -ing form after the preposition is no verb of the piece's own.)
    const place = (t: { pos: string } | undefined) => t?.pos === 'ADP' || t?.pos === 'SCONJ';
    const nounThenPlace = pieceWords[0]?.pos === 'NOUN' && (pieceWords[1] === undefined || place(pieceWords[1]) || (pieceWords[1].pos === 'NOUN' && place(pieceWords[2]))) && !pieceWords.some((t) => t.pos === 'VERB' && !/(?:ed|ing)$/.test(t.value));
    const secondObject = previous !== undefined && separator.trim() === 'and' && !carried && pieceWords[0]?.pos === 'NOUN' && wordsOf(previous)[0]?.pos === 'VERB' && ((!hasVerb && wordsOf(previous).length <= 4) || nounThenPlace);
    const pairedDescribing = previous !== undefined && separator.trim() === 'and' && !carried && last?.pos === 'ADJ' && pieceWords[0]?.pos === 'ADJ';
    // 'encryption, signing and data': one word alone is one more thing of the part before it.
    const oneMore = previous !== undefined && !carried && !hasVerb && pieceWords.length === 1 && pieceWords[0]?.pos === 'NOUN';
    if (describing || scopeOnly) parts[parts.length - 1] = `${previous}, ${piece.trim()}`;
    else if (pairedDescribing || secondObject || oneMore) parts[parts.length - 1] = `${previous} ${separator.trim() === ',' ? ',' : 'and'} ${piece.trim()}`.replace(' , ', ', ');
    else parts.push(`${carried}${piece}`);
    carried = '';
  }
  if (carried) parts.push(carried.replace(/, $/, ''));
  return parts;
}

/** 'Endpoint detection and response (EDR)': a term its abbreviation spells out is one part, not two. */
function protectTerms(text: string): string {
  // 'roles and responsibilities', 'date and time': pairs that name one thing.
  return text.replace(/\b(?:roles and responsibilities|date and time|terms and conditions|policies and procedures|detection and response|names and addresses)\b/gi, (pair) => pair.replace(/ /g, '\u2060')).replace(/((?:[\w-]+\s+){1,6}?)\(([A-Z]{2,6})\)/g, (whole, words: string, abbreviation: string) => {
    const list = words.trim().split(/\s+/);
    for (let k = Math.min(list.length, abbreviation.length + 2); k >= 2; k -= 1) {
      const tail = list.slice(-k);
      const initials = tail.filter((w) => !/^(?:and|of|&)$/i.test(w)).flatMap((w) => w.split('-')).map((w) => w[0]!.toUpperCase()).join('');
      if (initials === abbreviation) return `${list.slice(0, -k).join(' ')}${list.length > k ? ' ' : ''}${tail.join('\u2060')} (${abbreviation})`;
    }
    return whole;
  });
}

type Part = { text: string; stems: string[]; all: string[]; verb?: string; instead: { stems: string[]; example: boolean } };

/** The requirement's parts ('with an owner, treatment decision and target date'), each with its stems. */
function partsOf(requirement: string): Part[] {
  const parts = splitParts(requirement)
    .map((piece) => {
      const text = piece.trim().replace(/^(?:and|or)\s+/i, '');
      const example = EXAMPLE.exec(text)?.[0] ?? '';
      const purpose = PURPOSE.exec(text.replace(EXAMPLE, ''))?.[0] ?? '';
      const own = text.replace(EXAMPLE, '').replace(PURPOSE, '').trim() || text;
      const ownStems = [...new Set(stemsOf(own).filter((s) => !GENERIC.has(s)))];
      const instead = { stems: [...new Set((example ? writtenStemsOf(example) : stemsOf(purpose)).filter((s) => !GENERIC.has(s) && !SCOPE.has(s) && !ownStems.includes(s)))], example: example !== '' };
      return { text: own, stems: ownStems, instead };
    })
    .filter((p) => p.text && p.stems.length);
  // A part is told apart by its own words ('laptops', 'full-disk'), not those it shares with another ('encrypt').
  // What a part applies to ('critical systems') does not tell it apart: 'back up critical systems' is shown by a backup.
  return parts.map((part) => {
    const own = part.stems.filter((s) => !parts.some((other) => other !== part && other.stems.includes(s)));
    const required = (stems: string[]) => stems.filter((s) => !SCOPE.has(s));
    const stems = [required(own).length ? own : [], required(part.stems), own].find((list) => list.length) ?? part.stems;
    return { text: part.text, stems, all: part.stems, verb: leadingVerb(part.text), instead: part.instead };
  });
}

/** The stem of the verb a part starts with ('Revoke all access …' → 'remov'), when it starts with one. */
function leadingVerb(part: string): string | undefined {
  const first = analyzeText(part).tokens.find((t) => t.kind === 'word');
  if (first?.pos !== 'VERB') return undefined;
  const stem = stemsOf(first.value)[0];
  return stem && !GENERIC.has(stem) ? stem : undefined;
}

function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function cite(claim: Claim): string {
  const body = claim.sentence.text.replace(/[.!?]["”’)]?$/, (end) => (end.length > 1 ? end.slice(1) : ''));
  // 'Exhibit D', 'Schedule 3', 'Appendix B' name themselves; a number is a section.
  const place = claim.section && (/^(?:exhibit|schedule|appendix|annex|attachment|clause|article|part|item|step|table)\b/i.test(claim.section) ? claim.section : `section ${claim.section}`);
  return `${body} (${claim.name}${place ? `, ${place}` : ''}).`;
}

/** Claims in order, each source cited once after the last of its consecutive sentences. */
function citeEach(claims: readonly Claim[]): string {
  const label = (c: Claim) => `${c.name}${c.section ? `, section ${c.section}` : ''}`;
  return claims
    .map((claim, i) => (claims[i + 1] && label(claims[i + 1]!) === label(claim) ? claim.sentence.text : cite(claim)))
    .join(' ');
}

/** Picks the sentences that show the most of the requirement, greedily, each adding something new. */
function chooseClaims(input: SuggestResponseInput, aspects: ReadonlySet<string>, parts: ReadonlyArray<{ stems: string[] }>, allowNegative: boolean): { claims: Claim[]; pool: Claim[]; undone: EvidenceSentence[]; denied: EvidenceSentence[] } {
  const pool: Claim[] = [];
  // Sentences that say something is not done ('Session recording was switched off'): never support, and they tell which part is missing.
  const undone: EvidenceSentence[] = [];
  // Sentences that say something is not done, planned or still open, whatever the requirement asks.
  const denied: EvidenceSentence[] = [];
  const seen = new Set<string>();
  // 'Never store the CVV': then 'is not stored' shows the control.
  const prohibits = PROHIBITIVE.test(input.requirement.text);
  // ('Remove access when staff leave' asks for a removal: then 'accounts are not removed' says it is not done.)
  const asked = new Set(stemsOf(input.requirement.text.replace(/\b(?:not|never|no|don't)\s+(?:\w+\s+)?\w+/gi, ' ')));
  const negatesAsked = (text: string) => {
    const verb = /\b(?:not|n't)\s+(?:(?:currently|yet|automatically|routinely|always|formally)\s+)?([a-z]+)/i.exec(text)?.[1];
    return verb !== undefined && stemsOf(verb).some((stem) => asked.has(stem));
  };
  for (const item of input.evidence) {
    const { sentences, section } = evidenceSentences(item.passage ?? item.excerpt, citedName(item.name));
    // A roadmap or a project charter says what will be done, not what is.
    if (!allowNegative && PLAN_DOCUMENT.test(citedName(item.name))) continue;
    for (const sentence of sentences) {
      const passive = NOT_DONE_PASSIVE.test(sentence.text);
      const never = NEVER_SUPPORT.some((pattern) => pattern.test(sentence.text));
      const notDone = passive && (!prohibits || negatesAsked(sentence.text));
      // 'Vulnerability scanning: Disabled', a setting alone on its line switched off, is no control (unless a block is: 'BlockJailbroken: false').
      const off = !prohibits && sentence.setting === true && (sentence.text.match(/[:=]/g) ?? []).length === 1 && switchedOff(sentence.text).some((key) => !key.prohibits);
      // A sentence naming a file ('runs the workflow ci.yml') would put a raw file name in the answer.
      if (NAMES_A_FILE.test(sentence.text)) continue;
      if (UNDONE.test(sentence.text) || notDone) undone.push(sentence);
      if (passive || never) denied.push(sentence);
      const exceptional = EXCEPTION_HEADING.test(sentence.heading ?? '') && !EXCEPTION_HEADING.test(input.requirement.text);
      if (seen.has(sentence.text) || notDone || off || exceptional || never || (!allowNegative && (NOT_SUPPORT.some((pattern) => pattern.test(sentence.text)) || PLAN_HEADING.test(sentence.heading ?? '')))) continue;
      // 'The CISO approves it' is about the document, unless the sentence also shows the requirement ('…maintains the record and reviews it').
      const framing = FRAMING_HEADING.test(sentence.heading ?? '') || DOCUMENT_KEPT.test(sentence.text) || (ABOUT_THE_DOCUMENT.test(sentence.text) && [...aspects].filter((a) => sentence.stems.has(a)).length < 3);
      if (framing && !ABOUT_THE_DOCUMENT.test(input.requirement.text) && !/\b(?:roles?|responsib\w*)\b/i.test(input.requirement.text)) continue;
      seen.add(sentence.text);
      pool.push({ sentence, name: citedName(item.name), section: item.section ?? sentence.section ?? section });
    }
  }
  const covered = new Set<string>();
  const claims: Claim[] = [];
  const aboutRoles = /\b(?:roles?|responsib\w*|accountab\w*|owners?|ownership)\b/i.test(input.requirement.text);
  // A sentence that shares only what the requirement applies to ('company laptops') shows none of what it requires.
  const overlap = (c: Claim) => {
    const shared = [...aspects].filter((a) => c.sentence.stems.has(a));
    return shared.some((a) => !SCOPE.has(a)) ? shared : [];
  };
  // A word every sentence of the evidence uses ('laptops' in a laptop policy) tells little about any one of them.
  // The lines of one configuration export count as one: 'BlockPublicAcls' and 'BlockPublicPolicy' are one setting's words.
  const weight = (a: string) => 1 / Math.max(1, new Set(pool.filter((c) => c.sentence.stems.has(a)).map((c) => (c.sentence.setting ? c.name : c.sentence.text))).size);
  const strength = (c: Claim) => overlap(c).reduce((sum, a) => sum + weight(a), 0);
  while (claims.length < MAX_CLAIMS) {
    // A sentence that only mentions the topic (one word of it, or only words every sentence uses) shows nothing.
    // After the first, a sentence may show one word of a part nothing shows yet, if few sentences use it ('removed').
    const untouched = new Set(parts.filter((p) => !p.stems.some((s) => covered.has(s))).flatMap((p) => p.stems));
    let best: { claim: Claim; added: number; total: number } | null = null;
    for (const claim of pool) {
      if (claims.includes(claim)) continue;
      const shared = overlap(claim);
      const added = shared.filter((a) => !covered.has(a)).length;
      if (!aboutRoles && OWNERSHIP.test(claim.sentence.text)) continue;
      const opensAPart = claims.length > 0 && shared.some((a) => untouched.has(a));
      if (added === 0 || shared.length < (opensAPart ? 1 : Math.min(2, aspects.size)) || strength(claim) < 0.9) continue;
      if (!best || added > best.added || (added === best.added && shared.length > best.total)) best = { claim, added, total: shared.length };
    }
    if (!best) break;
    claims.push(best.claim);
    for (const a of overlap(best.claim)) covered.add(a);
  }
  // A part nothing chosen shows yet ('and remediate critical findings within 15 days') is shown by the
  // sentence that speaks most of it, if that sentence also belongs to the requirement's topic.
  if (claims.length) {
    for (const part of parts) {
      if (claims.length >= MAX_CLAIMS + 1 || part.stems.some((s) => covered.has(s))) continue;
      let best: { claim: Claim; own: number; total: number } | null = null;
      for (const claim of pool) {
        if (claims.includes(claim) || (!aboutRoles && OWNERSHIP.test(claim.sentence.text))) continue;
        const own = part.stems.filter((s) => claim.sentence.stems.has(s)).length;
        const total = overlap(claim).length;
        if (own && (!best || own > best.own || (own === best.own && total > best.total))) best = { claim, own, total };
      }
      if (!best || best.total < Math.min(2, aspects.size)) continue;
      claims.push(best.claim);
      for (const a of overlap(best.claim)) covered.add(a);
    }
  }
  // Who owns it or how often it runs, when the evidence says so beside what was chosen.
  const extra = pool.find((c) => !claims.includes(c) && OWNER_OR_FREQUENCY.test(c.sentence.text) && overlap(c).length >= 2 && claims.some((k) => k.name === c.name));
  if (claims.length && extra && claims.length < MAX_CLAIMS + 1) claims.push(extra);
  return { claims, pool, undone, denied };
}

export function writeResponse(input: SuggestResponseInput): string {
  const requirementText = input.requirement.text.trim().replace(/\.$/, '');
  // 'CCTV covers all entrances': a sentence that starts with an abbreviation keeps it as written.
  const acronym = /^[A-Z]{2,}\b/.test(requirementText);
  const lowered = acronym ? requirementText : requirementText.charAt(0).toLowerCase() + requirementText.slice(1);
  // 'how we back up …' for an instruction; 'that security logs are collected …' for a statement.
  const statement = acronym || /^(?:the|all|each|every|any|an?|our|we|no)\b/i.test(requirementText) || /^\S+(?: \S+){0,6} (?:must|shall|should|is|are|will)\b/i.test(requirementText);
  const howWe = statement ? `that ${lowered}` : `how we ${lowered}`;
  const names = [...new Set(input.evidence.map((e) => citedName(e.name)).filter(Boolean))];
  if (!input.evidence.length) {
    return `No evidence is linked to this requirement yet, so we cannot draft a response from our records. Link the policy, procedure, configuration or report that shows ${howWe}.`;
  }
  const parts = partsOf(requirementText);
  const aspects = new Set(stemsOf(requirementText).filter((s) => !GENERIC.has(s)));
  const { claims, pool, undone, denied } = chooseClaims(input, aspects, parts, NOT_A_CONTROL.test(requirementText));
  if (!claims.length) {
    return [
      `Our ${listNames(names)} ${names.length > 1 ? 'touch' : 'touches'} on this topic but ${names.length > 1 ? 'do' : 'does'} not show ${howWe}.`,
      'Not yet covered by the linked evidence: the requirement as a whole. Link the policy, procedure, configuration or report that shows it before this requirement is assessed.',
    ].join('\n\n');
  }
  // A part is missing when none of its own words is shown, or (for a long part) under a third of them.
  // A part that shares its words with another is shown when most of them are ('define severity levels for incidents').
  // A part whose number the evidence states weaker ('every six months' for quarterly, 30 days for 14) is not shown.
  const short = new Set<Claim>();
  const weaker = (p: Part) => {
    // The sentences most about the part: 'Recovery time objective: 8 hours' for the RTO, not the RPO's line beside it.
    const shared = (c: Claim) => p.all.filter((s) => !FREQUENCY_STEM.test(s) && !QUANTITY_WORD.test(s) && c.sentence.stems.has(s)).length;
    const related = claims.filter((c) => shared(c) > 0);
    const counting = related.filter((c) => statedQuantities(c.sentence.text).length > 0);
    const most = Math.max(0, ...counting.map(shared));
    const about = counting.filter((c) => shared(c) === most);
    const stated = (related.length ? about : claims).flatMap((c) => statedQuantities(c.sentence.text));
    if (requiredQuantities(p.text).some((q) => meetsQuantity(q, stated) === false)) {
      // ('RPO is 4 hours' for at most 1 hour: the sentence shows the gap, not the control.)
      // ('Hot retention: 90 days' for 12 months with three months searchable shows the three months.)
      for (const c of related.length ? about : claims) {
        const verdicts = requiredQuantities(p.text).map((q) => meetsQuantity(q, statedQuantities(c.sentence.text)));
        if (verdicts.includes(false) && !verdicts.includes(true)) short.add(c);
      }
      return true;
    }
    // 'test restoration at least quarterly' beside 'a sample restore is performed once a year': the sentences about
    // the part say how often, and none says as often as it asks.
    // ('every 12 months' also reads as monthly: the least often it names is what it asks.)
    const often = FREQUENCY_ORDER.filter((s) => p.all.includes(s)).slice(-1);
    if (!often.length) return false;
    const words = p.all.filter((s) => !FREQUENCY_STEM.test(s) && !SCOPE.has(s));
    const timed = [...claims, ...pool].filter(
      (c) => [...c.sentence.stems].some((s) => FREQUENCY_STEM.test(s)) && (words.filter((s) => c.sentence.stems.has(s)).length >= Math.min(2, words.length) || p.stems.some((s) => words.includes(s) && c.sentence.stems.has(s))),
    );
    return timed.length > 0 && !timed.some((c) => often.every((s) => c.sentence.stems.has(s)));
  };
  // 'Encryption: Disabled' beside the settings that are on: that part is switched off; a block switched off ('BlockJailbroken: false') leaves a part that asks for it not shown.
  const off = claims.flatMap((c) => switchedOff(c.sentence.text));
  const turnedOff = (p: Part) => off.some((key) => key.prohibits === PROHIBITIVE.test(p.text) && key.stems.some((s) => p.stems.includes(s) && !SCOPE.has(s)));
  // A part whose number a sentence about it meets ('retained for a total of 400 days' for at least 12 months) is shown by it.
  const byNumber = (p: Part) => {
    const required = requiredQuantities(p.text);
    const words = p.all.filter((s) => !SCOPE.has(s) && !QUANTITY_WORD.test(s));
    const about = (c: Claim) => words.filter((s) => c.sentence.stems.has(s)).length >= Math.min(2, words.length);
    return required.length ? [...claims, ...pool].find((c) => about(c) && required.every((q) => meetsQuantity(q, statedQuantities(c.sentence.text)) === true)) : undefined;
  };
  const shownIn = (p: Part, sentences: readonly ReadonlySet<string>[]) => {
    // How often counts only beside what the part asks done: a daily backup does not show a quarterly restore test.
    const counted = (s: string) =>
      FREQUENCY_STEM.test(s)
        ? sentences.some((stems) => stems.has(s) && p.all.some((o) => o !== s && !FREQUENCY_STEM.test(o) && stems.has(o)))
        : sentences.some((stems) => stems.has(s));
    // One of its examples shown ('FIDO2 keys'), or most of what it is for ('no one can delete or alter them'), shows it.
    const insteadShown = p.instead.stems.filter(counted).length;
    if (p.instead.stems.length && (p.instead.example ? insteadShown >= 1 : insteadShown * 2 >= p.instead.stems.length)) return true;
    const shown = p.stems.filter(counted).length;
    const shownOfAll = p.all.filter(counted).length;
    // What it asks done ('revoke') and one thing it is done to ('access') shown: a long part is shown.
    if (p.verb && counted(p.verb) && p.all.some((s) => s !== p.verb && counted(s))) return true;
    if (shown === 0) return p.stems.length < 2 && p.all.length >= 2 && shownOfAll * 2 >= p.all.length;
    return !(p.stems.length >= 4 && shown * 3 < p.stems.length);
  };
  // A part a sentence says is not done ('is on hold until', 'was switched off in 2023') is not shown.
  const spokenOfIn = (p: Part, said: readonly EvidenceSentence[]) => said.some((u) => p.stems.some((s) => !SCOPE.has(s) && u.stems.has(s)));
  const saidUndone = (p: Part) => spokenOfIn(p, undone);
  const missing = parts.filter((p) => {
    if (weaker(p) || turnedOff(p) || saidUndone(p)) return true;
    const shownBy = byNumber(p);
    if (shownBy && (claims.includes(shownBy) || claims.length <= MAX_CLAIMS)) {
      if (!claims.includes(shownBy)) claims.push(shownBy);
      return false;
    }
    if (shownIn(p, claims.map((c) => c.sentence.stems))) return false;
    // A sentence not chosen may show it on its own ('Each record carries the asset tag, owner and site').
    const alone = pool.find((c) => !claims.includes(c) && p.stems.some((s) => c.sentence.stems.has(s)) && shownIn(p, [c.sentence.stems]));
    if (alone && claims.length <= MAX_CLAIMS) {
      claims.push(alone);
      return false;
    }
    return true;
  });
  // A sentence whose number falls short of the requirement's is not offered as support, while another sentence shows something.
  // (Unless it shows another part: 'Hot retention: 90 days' falls short of 12 months but shows three months searchable.)
  // Evidence that shows every later part ('… and review it quarterly') is evidence of what the requirement
  // leads with, said in its own words: the leading part alone is not reported missing, unless the evidence
  // states a weaker number for it, shows it switched off or says anything of it is not done or only planned
  // (every sentence that says a part is undone is among these).
  const lead = parts[0]!;
  if (missing.length === 1 && missing[0] === lead && parts.length >= 2 && !(weaker(lead) || turnedOff(lead) || spokenOfIn(lead, denied))) missing.splice(0, 1);
  const shownParts = parts.filter((p) => !missing.includes(p));
  const drop = [...short].filter((c) => !shownParts.some((p) => p.stems.some((stem) => c.sentence.stems.has(stem)) && shownIn(p, [c.sentence.stems])));
  if (drop.length && claims.some((c) => !drop.includes(c))) claims.splice(0, claims.length, ...claims.filter((c) => !drop.includes(c)));
  const used = [...new Set(claims.map((c) => c.name))];
  const opening = missing.length
    ? `Our ${listNames(used)} ${used.length > 1 ? 'cover' : 'covers'} part of this requirement.`
    : `We meet this requirement through our ${listNames(used)}.`;
  const lines = [`${opening} ${citeEach(claims)}`];
  if (missing.length) {
    lines.push(`Not yet covered by the linked evidence: ${missing.map((p) => (/^[A-Z][a-z]/.test(p.text) ? p.text.charAt(0).toLowerCase() + p.text.slice(1) : p.text)).join('; ')}. We will link evidence for ${missing.length > 1 ? 'these' : 'this'} before the requirement is assessed.`);
  }
  return lines.join('\n\n');
}
