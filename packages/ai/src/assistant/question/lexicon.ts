import type { RequirementStatus } from './plan';

/**
 * The words analysts use for the product's things: domains and their common synonyms, statuses,
 * evidence types and the genres of contracts. Patterns are matched on the normalised question.
 */

/**
 * Names of an area as analysts say them ('IAM', 'BC/DR', 'logging and monitoring'): these always mean the
 * domain. The synonyms below are topic words ('encryption', 'backups'), which mean the domain for evidence
 * and the word itself for a requirement or obligation search.
 */
export const AREA_NAMES: Array<[number, RegExp]> = [
  [1, /\b(?:governance|grc|risk management)\b/],
  [2, /\basset management\b/],
  [3, /\b(?:iam|identity(?: (?:and|&) access)?(?: management)?|access control|access management|logical access)\b/],
  [4, /\b(?:data protection|privacy)\b/],
  [5, /\b(?:vulnerability (?:and |& )?(?:patch )?management|vuln(?:erability)? management|patch management|vulnerability (?:and|&) patch(?:ing)?)\b/],
  [6, /\b(?:network security|network (?:and|&) infrastructure|infrastructure security)\b/],
  [7, /\b(?:endpoint(?: (?:and|&) device)?(?: security)?|device security)\b/],
  [8, /\b(?:application security|app(?:lication)?[- ]?sec|app security|appsec|secure development|sdlc)\b/],
  [9, /\b(?:(?:security )?(?:monitoring (?:and|&) logging|logging (?:and|&) monitoring)|security monitoring)\b/],
  [10, /\b(?:incident response(?: (?:and|&) recovery)?|incident management|ir)\b/],
  [11, /\b(?:third[- ]party(?: (?:and|&) vendor)?(?: risk)?(?: management)?|vendor risk(?: management)?|supplier risk|tprm|vendor management|supplier management)\b/],
  [12, /\b(?:security awareness(?: (?:and|&) training)?|awareness (?:and|&) training|security training)\b/],
  [13, /\b(?:business continuity(?: (?:and|&) disaster recovery)?|disaster recovery|bc ?\/ ?dr|bcdr|bc-dr|bcp|drp|dr)\b/],
  [14, /\b(?:compliance (?:and|&) audit|internal audit)\b/],
  [15, /\b(?:physical security|physical (?:and|&) environmental(?: security)?|physical access)\b/],
];

/** Domain number ← phrases that name it (full names are matched separately). */
export const DOMAIN_SYNONYMS: Array<[number, RegExp]> = [
  [1, /\b(?:governance|risk management|risk register|risk assessments?|security polic(?:y|ies) program|grc)\b/],
  [2, /\b(?:asset management|asset inventory|inventory of (?:assets|hardware|software)|assets?|cmdb)\b/],
  [3, /\b(?:iam|identity|access control|access management|access reviews?|mfa|multi-factor|multifactor|2fa|two-factor|authentication|passwords?|privileged access|least privilege|sso|single sign-on|user accounts?|logical access)\b/],
  [4, /\b(?:data protection|privacy|encryption|encrypt(?:ed|ing)?|data classification|data retention|dlp|personal data|pii|phi|cryptograph\w*|key management)\b/],
  [5, /\b(?:vulnerabilit(?:y|ies)|patch(?:es|ing)?|patch management|vuln(?:erability)? scan\w*|cves?)\b/],
  [6, /\b(?:network security|networks?|firewalls?|segmentation|infrastructure|wireless|vpn|perimeter)\b/],
  [7, /\b(?:endpoints?|devices?|laptops?|workstations?|mobile devices?|antivirus|anti-malware|malware|edr|mdm)\b/],
  [8, /\b(?:application security|appsec|secure (?:development|coding|sdlc)|sdlc|code review|software development|sast|dast|owasp)\b/],
  [9, /\b(?:monitoring|logging|logs?|siem|audit logs?|alerting|log retention)\b/],
  [10, /\b(?:incident response|incidents?|breach(?:es)?|ir plan|incident management|security events?)\b/],
  [11, /\b(?:third[- ]party|vendors?|suppliers?|supply chain|subprocessors?|sub-processors?|outsourc\w*)\b/],
  [12, /\b(?:awareness|training|phishing simulations?|security education)\b/],
  [13, /\b(?:business continuity|disaster recovery|dr|bcp|drp|backups?|restor(?:e|es|ing|ation)|resilience|rto|rpo|continuity)\b/],
  [14, /\b(?:compliance (?:and|&) audit|internal audit|audits?|auditing|certifications?|regulatory)\b/],
  [15, /\b(?:physical security|physical access|physical|facilit(?:y|ies)|data cent(?:er|re)s?|badges?|cctv|visitors?)\b/],
];

export const STATUS_PHRASES: Array<[RequirementStatus[], RegExp]> = [
  [['Not Applicable'], /\b(?:not[- ]applicable|n\/a|na|out of scope|marked as not applicable|excluded|(?:do|does|did) not apply(?: to us)?|not relevant to us)\b/],
  [['Not Started', 'In Progress'], /\b(?:left to do|still to do|still open|not started or in progress|in progress or not started)\b/],
  [['Not Started'], /\b(?:not (?:even |yet )?(?:been )?started|not (?:even |yet )?(?:been )?(?:touched|looked at|picked up|worked on)|haven't started|have not started|not begun|untouched|not been started)\b/],
  [['In Progress'], /\b(?:in progress|in-progress|underway|ongoing|being worked on|work in progress|wip|partially (?:done|implemented|complete))\b/],
  [['Not Started', 'In Progress'], /\b(?:open|outstanding|incomplete|unfinished|not (?:yet )?(?:done|complete|completed|compliant|met|implemented)|non-?compliant|gaps?|remaining|unresolved|pending)\b/],
  // 'Compliant' as a status of requirements, not as a goal ('before we are fully HIPAA compliant').
  [['Compliant'], /\bcompliant\s+(?:[\w&/-]+\s+){0,3}?(?:requirements?|items?|controls?|ones)\b|\b(?:marked(?: as)?|already|been|now|currently) compliant\b|\b(?:requirements?|items?|controls?) compliant\b|\b(?:requirements?|items?|controls?|ones|which|that|they|many|much|those|these) (?:\w+ ){0,2}(?:are|is)(?: now| already| currently)? compliant\b|\b(?:done|completed?|satisfied|implemented|closed|finished)\b|^(?:(?:and|or|what about|how about|now|just|only)(?: the)? )?compliant\b|\b(?:we are|are we|we have been|have we been) (?:fully |already )?compliant (?:on|in|for)\b/],
];

/** Evidence type ← what people call it. */
export const EVIDENCE_TYPE_WORDS: Array<[string, RegExp]> = [
  ['SOC 2 Report', /\bsoc\s?2(?: type (?:i|ii|1|2))?(?: reports?| audit)?\b|\bsoc2\b/],
  ['Penetration Test', /\b(?:pen(?:etration)?[- ]?tests?|pentests?)(?: reports?)?\b/],
  ['Audit Report', /\baudit reports?\b/],
  ['Certificate', /\b(?:certificates?|certifications?|iso certificates?)\b/],
  ['Screenshot', /\bscreenshots?\b/],
  ['Configuration', /\b(?:configurations?|config exports?|settings exports?)\b/],
  ['Procedure', /\b(?:procedures?|runbooks?|playbooks?|sops?)\b/],
  ['Policy', /\bpolic(?:y|ies)\b/],
  ['Report', /\breports?\b/],
];

/** Contract genre words → words found in such contracts' file names. */
export const CONTRACT_GENRES: Array<[RegExp, string[]]> = [
  [/\b(?:baa|business associate(?: agreement)?)\b/, ['baa', 'business', 'associate']],
  [/\b(?:dpa|data processing (?:agreement|addendum)|data protection addendum)\b/, ['dpa', 'processing', 'data']],
  [/\b(?:msa|master (?:services? )?agreement)\b/, ['msa', 'master']],
  [/\b(?:sla|service level agreement)\b/, ['sla', 'service', 'level']],
  [/\b(?:nda|non-disclosure|confidentiality agreement)\b/, ['nda', 'confidentiality', 'disclosure']],
  [/\b(?:security (?:schedule|addendum|exhibit)|schedule|addendum|exhibit|annex|appendix)\b/, ['security', 'schedule', 'addendum', 'exhibit']],
  [/\b(?:sow|statement of work)\b/, ['sow', 'statement', 'work']],
  [/\b(?:terms|terms of service|general terms)\b/, ['terms']],
];

export const CONTRACT_WORDS = /\b(?:(?:which|what) customers?|deals?|customers? (?:expect|want|ask|need|demand)|contracts?|obligations?|agreements?|clauses?|msa|dpa|baa|sla|nda|addend(?:um|a)|schedules?|customer commitments?|commitments?|contractual(?:ly)?|customers? requires?|customers? require)\b/;

/** Words of contract questions that narrow nothing: every obligation is a security obligation of the contract. */
export const CONTRACT_TOPIC_STOP = new Set(
  'secur security information data protect protection extract extracted split spread across breakdown overview main key important term terms require required requirement us our we give summary summar deadline deadlin shorter longer limit time hour day week customer service services provid provider party parties breakdown domain addend schedul exhibit annex appendix agreement contract clause mention referenc ask expect want need demand still have has check checks after before period minimum maximum least most long specific set sets place places rule rules condition provision'.split(' '),
);

/**
 * Topics of contract obligations and the other words contracts use for each (matched on search stems).
 * A question naming one of these asks about that thing even when no contract says it: then none does.
 */
export const CONTRACT_TOPIC_WORDS: Array<[RegExp, string[]]> = [
  [/^(?:incident|breach)/, ['incident', 'breach', 'security event']],
  [/^(?:notif|report|inform|alert|notice|tell)/, ['notif', 'report', 'inform', 'alert', 'notice']],
  [/^(?:encrypt|cryptograph)/, ['encrypt', 'cryptograph']],
  [/^back(?:up|-up)?$/, ['backup', 'back up', 'back-up']],
  [/^(?:mfa|multi|two-factor|2fa)/, ['multi-factor', 'multifactor', 'mfa', 'two-factor', 'strong authentication']],
  [/^(?:pen$|pentest|penetrat|health)/, ['penetration', 'pen test', 'pentest', 'health check']],
  [/^(?:residen|locat|offshor|onshor|overseas|abroad|outside|countr|region|jurisdiction|transfer|sovereign)/, ['outside the', 'outside australia', 'residen', 'offshore']],
  [/^(?:background|screen|vet$|vett)/, ['background', 'screening', 'vetting', 'vetted', 'police check']],
  [/^(?:staff|personnel|employee|worker|people)/, ['staff', 'personnel', 'employee', 'worker', 'individual', 'person']],
  [/^(?:subprocess|sub-process|subcontract|sub-contract)/, ['subprocessor', 'sub-processor', 'subcontract', 'sub-contract']],
  [/^(?:insur)/, ['insurance']],
  [/^(?:audit)/, ['to audit', 'may audit', 'auditor', 'audits', 'audit right', 'right to audit', 'inspect']],
  [/^(?:train|awareness)/, ['train', 'awareness']],
  [/^(?:vulnerab|vuln)/, ['vulnerab', 'patch']],
  [/^patch/, ['patch']],
  [/^scan/, ['scan']],
  [/^logs?$|^logg/, ['log']],
  [/^(?:retain|retent|keep$|kept$)/, ['retain', 'retention', 'kept for']],
  [/^(?:rto|restor|recover)/, ['recovery time', 'recovery time objective', 'restore the', 'service restored', 'rto']],
  [/^(?:inactiv|idle|timeout|time-out)/, ['inactivity', 'idle', 'timeout', 'time-out']],
  [/^lock/, ['lock', 'terminate']],
  [/^siem/, ['siem', 'security information and event', 'security monitoring']],
  [/^(?:delet|destr|return)/, ['delet', 'destr', 'return']],
];

/** Whether a word (a search stem) names a topic contracts have words for ('offshoring'). */
export function isContractTopicWord(stem: string): boolean {
  return CONTRACT_TOPIC_WORDS.some(([pattern]) => pattern.test(stem));
}

