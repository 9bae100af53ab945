import type { ContractObligation } from './tools';
import { CONTRACT_TOPIC_STOP } from './question/lexicon';
import type { Filters } from './question/plan';

/**
 * Which obligations a contract question is about: the topic words (each with the other words contracts
 * use for it), all of them where possible, else the rarer ones; framework and report names as phrases.
 */

const SYNONYMS: Array<[RegExp, string[]]> = [
  [/^(?:incident|breach)/, ['incident', 'breach', 'security event']],
  [/^(?:notif|report|inform|alert|notice)/, ['notif', 'report', 'inform', 'alert', 'notice']],
  [/^(?:encrypt|cryptograph)/, ['encrypt', 'cryptograph']],
  [/^back/, ['backup', 'back up', 'back-up']],
  [/^(?:mfa|multi|two-factor|2fa)/, ['multi-factor', 'multifactor', 'mfa', 'two-factor', 'strong authentication']],
  [/^(?:pen|pentest|health)/, ['penetration', 'pen test', 'pentest', 'health check']],
  [/^(?:residen|locat|offshor|transfer)/, ['outside the', 'residen', 'location', 'located', 'transfer', 'offshore']],
  [/^(?:background|screen|vet)/, ['background', 'screening', 'vetting', 'vetted', 'police check']],
  [/^(?:staff|personnel|employee|worker|people)/, ['staff', 'personnel', 'employee', 'worker', 'individual', 'person']],
  [/^(?:subprocess|sub-process|subcontract|sub-contract)/, ['subprocessor', 'sub-processor', 'subcontract', 'sub-contract']],
  [/^(?:insur)/, ['insurance']],
  [/^(?:audit)/, ['to audit', 'may audit', 'auditor', 'audits', 'audit right', 'right to audit', 'inspect']],
  [/^(?:train|awareness)/, ['training', 'awareness']],
  [/^(?:vulnerab|vuln|patch)/, ['vulnerab', 'patch']],
  [/^scan/, ['scan', 'vulnerab']],
  [/^(?:log)/, ['log']],
  [/^siem/, ['siem', 'security information and event', 'security monitoring']],
  [/^(?:delet|destr|return)/, ['delet', 'destr', 'return']],
];

const MAX_SHARE_FOR_OR = 0.12;
const VERBS = new Set('make makes made get gets give gives keep keeps tell tells let lets put puts take takes say says said met meet meets apply applies run runs perform conduct hand over oblige obliges oblig carry hold holds maintain fix fixed fixes resolve resolved remediate remediated restrict stored store accessed'.split(' '));

function alternatives(word: string): string[] {
  return SYNONYMS.find(([pattern]) => pattern.test(word))?.[1] ?? [word];
}

/** The topic of a contract question as groups of alternatives (every group must match), and phrases. */
export function contractTopic(f: Filters): { groups: string[][]; phrases: string[] } {
  const words = (f.query ?? '').split(' ').filter((w) => w.length > 2 && !VERBS.has(w) && ![...CONTRACT_TOPIC_STOP].some((stop) => w.startsWith(stop)));
  const groups = new Map<string, string[]>();
  for (const w of words) groups.set(alternatives(w).join('|'), alternatives(w));
  const phrases = [
    f.framework ? (f.framework.name.match(/\b(?:27001|27701|pci|hipaa|soc 2|nist|gdpr|cis)\b/i)?.[0] ?? f.framework.name) : '',
    f.evidence_type === 'SOC 2 Report' ? 'soc 2' : f.evidence_type === 'Penetration Test' ? 'penetration' : '',
  ].filter(Boolean);
  return { groups: [...groups.values()], phrases: phrases.map((p) => p.toLowerCase()) };
}

const hasAny = (text: string, options: string[]) => options.some((o) => text.includes(o));

/**
 * The obligations about the topic: every group, else (for several words) any group rare enough to
 * mean something (held by at most 12% of all obligations). When the topic is found in the contracts but
 * not among these obligations the answer is none; when it is found nowhere it narrows nothing (null).
 */
export function obligationsAbout(obligations: ContractObligation[], all: ContractObligation[], topic: { groups: string[][]; phrases: string[] }): ContractObligation[] | null {
  const lower = (o: ContractObligation) => o.text.toLowerCase();
  let pool = obligations;
  if (topic.phrases.length) pool = pool.filter((o) => topic.phrases.some((p) => lower(o).includes(p)));
  if (!topic.groups.length) return topic.phrases.length ? pool : null;
  const every = pool.filter((o) => topic.groups.every((g) => hasAny(lower(o), g)));
  if (every.length) return every;
  const rare = topic.groups.filter((g) => all.filter((o) => hasAny(lower(o), g)).length <= MAX_SHARE_FOR_OR * all.length);
  const some = rare.length && topic.groups.length > 1 ? pool.filter((o) => rare.some((g) => hasAny(lower(o), g))) : [];
  if (some.length) return some;
  if (topic.phrases.length) return pool;
  return all.some((o) => topic.groups.some((g) => hasAny(lower(o), g))) ? [] : null;
}
