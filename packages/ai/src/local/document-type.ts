import type { DocumentType } from '../document-types';

type Cue = { type: DocumentType; pattern: RegExp; weight: number };

/** Cues in the file name: the strongest signal, since people name files after what they are. */
const NAME_CUES: Cue[] = [
  { type: 'SOC 2 Report', pattern: /\bsoc[\s_-]?2\b|\bsoc2/i, weight: 6 },
  { type: 'Penetration Test', pattern: /pen[\s_-]?test|penetration|\bpentest|\bretest\b|red[\s_-]?team/i, weight: 6 },
  { type: 'Certificate', pattern: /certificate|\bcert\b|certification/i, weight: 4 },
  { type: 'Audit Report', pattern: /\baudit\b|\bIA-\d|management[\s_-]+letter/i, weight: 4 },
  { type: 'Procedure', pattern: /procedure|\bsop\b|process|runbook|playbook|work[\s_-]?instruction|\bguide\b|\bplan\b|\bbcp\b|\bdrp\b|\birp\b|handbook/i, weight: 4 },
  { type: 'Configuration', pattern: /baseline|hardening|benchmark|settings|\bconfig/i, weight: 4 },
  { type: 'Policy', pattern: /polic(y|ies)|\bstandard\b|\bISP-\d/i, weight: 4 },
  { type: 'Report', pattern: /report|scan|results|completion|assessment|post[\s_-]?mortem|retrospective|incident review|\bpir\b|review results/i, weight: 3 },
  { type: 'Other', pattern: /minutes|agenda|memo|notes|letter/i, weight: 3 },
  { type: 'Other', pattern: /\brecord\b|\bregister\b|action[\s_-]?log|questionnaire|due[\s_-]?diligence|(supplier|vendor|third[\s_-]?party)[\s_-]+(assessment|review)|inventory|\bsaq\b|\bvrm\b/i, weight: 5 },
  { type: 'Policy', pattern: /retention[\s_-]+schedule|guideline/i, weight: 5 },
  { type: 'Screenshot', pattern: /screen(shot|s\b|[\s_-]?(grab|cap(ture)?))|\bcaptures?\b/i, weight: 5 },
];

/** Cues in the document's opening lines (its title block). */
const TITLE_CUES: Cue[] = [
  { type: 'SOC 2 Report', pattern: /\bSOC 2\b|\bSOC2\b|trust services criteria|service auditor/i, weight: 6 },
  { type: 'Penetration Test', pattern: /penetration test|pen test|pentest/i, weight: 5 },
  { type: 'Certificate', pattern: /certificate of|certificate no|certificate number|this is to certify|we certify/i, weight: 5 },
  { type: 'Audit Report', pattern: /audit report|internal audit|audit findings|auditor'?s report|surveillance audit|certification audit/i, weight: 6 },
  { type: 'Procedure', pattern: /\bprocedure\b|\bSOP\b|work instruction|runbook|\bprocess\b|playbook|\bguide\b|continuity plan|recovery plan|response plan/i, weight: 4 },
  { type: 'Configuration', pattern: /\bbaseline\b|hardening|configuration (standard|export|settings)|\bsettings\b/i, weight: 4 },
  { type: 'Policy', pattern: /\bpolicy\b|\bstandard\b/i, weight: 4 },
  { type: 'Report', pattern: /\breport\b|\bresults\b|\b(data protection|privacy) impact assessment\b|\bDPIA\b|(?<!(supplier|vendor|third[- ]party) )\brisk assessment\b|\b(user |privileged )?(access|firewall( rule)?|entitlement|permissions?) review\b|summary by severity|post[\s-]?mortem|post-incident review|incident review|lessons learned/i, weight: 4 },
  { type: 'Other', pattern: /(?<!\d\s?|\b(few|several|one|two|three|five|ten|fifteen|thirty) )\bminutes\b|\bagenda\b|\battendees\b|questionnaire|due diligence|(supplier|vendor|third[- ]party) (security |risk |due diligence )?(assessment|review)|\b(assessment|review) record\b|\bregister\b|\b(breach|request|risk|action|issue|decision|change|access) log\b|\brecord of\b|\b(breach|incident|request|processing) record\b|\btracker\b|risk register|asset (register|inventory)/i, weight: 4 },
  { type: 'Policy', pattern: /retention schedule|\bguidelines?\b/i, weight: 4 },
  { type: 'Screenshot', pattern: /\b(admin(istration)? (center|centre|console|portal)|management console|dashboard)\b|\b(captured|screenshot|screen capture)\b/i, weight: 3 },
];

/** Cues anywhere in the body, counted (up to a cap) for how often they occur. */
const BODY_CUES: Cue[] = [
  { type: 'SOC 2 Report', pattern: /type ii|type 2|tests? of operating effectiveness|no exceptions noted|CC\d\.\d/gi, weight: 1 },
  { type: 'Penetration Test', pattern: /rules of engagement|retest|proof of concept|exploit(ed|able)|CREST|OWASP testing/gi, weight: 1 },
  { type: 'Penetration Test', pattern: /\b(attacker|foothold|lateral movement|privilege escalation|kerberoast\w*|gained [\w\s]{0,30}?(access|rights|privileges)|attempted to (compromise|exploit|bypass)|testers?|cracked|poisoning)\b/gi, weight: 0.6 },
  { type: 'Certificate', pattern: /certificate|certif(y|ied|ies)|issued by|expiry date|valid until/gi, weight: 0.8 },
  { type: 'Audit Report', pattern: /nonconformit(y|ies)|finding \d|corrective action|audit (objective|scope|criteria)|observation \d/gi, weight: 1 },
  { type: 'Procedure', pattern: /^\s*(step \d|\d+\.\s+[A-Z][a-z]+ (the|a|an) )|\bstep \d\b/gim, weight: 1 },
  { type: 'Policy', pattern: /\b(must|shall|is prohibited|are prohibited|must not)\b|policy statement|exceptions? to this policy/gi, weight: 0.3 },
  { type: 'Report', pattern: /\b(summary|findings|trend|completion rate|root cause|timeline|action items?|impact)\b|\b\d{1,2}:\d{2}\b/gi, weight: 0.3 },
  { type: 'Report', pattern: /\d(\.\d+)?\s?%/g, weight: 0.3 },
  { type: 'Procedure', pattern: /\b(roles and responsibilities|responsible|escalat\w+|contact|activate|invoke)\b/gi, weight: 0.3 },
  { type: 'Configuration', pattern: /\b(required value|setting|enabled|disabled|parameter)\b/gi, weight: 0.3 },
  { type: 'Audit Report', pattern: /\bour audit\b|\b(statutory|external|internal|lead) auditors?\b|deficienc(y|ies)\b|audit (opinion|committee|programme|program|plan)\b|internal control observations?|qualified security assessor|\bQSA\b|report on compliance|attestation of compliance/gi, weight: 0.7 },
];

/**
 * Cues of a document's build rather than its words: a controlled document (approval, owner, review
 * cycle) states rules or steps; rules may be written in the present tense ("Restricted data is encrypted");
 * steps come in sequence with named roles; results carry percentages, dates and outcome sections.
 */
const CONTROL_BLOCK_CUES: Cue[] = [
  { type: 'Policy', pattern: /\b(approved( by|:)|approval date|applies to:|effective (date|from|\d)|next review|review (every|annually|date|cycle)|(document|policy|standard) owner)\b/gi, weight: 1.2 },
  { type: 'Procedure', pattern: /\b(approved( by|:)|approval date|effective (date|from|\d)|next review|review (every|annually|date|cycle)|(document|process|plan) owner|last exercised)\b/gi, weight: 1.2 },
];

const STRUCTURE_CUES: Cue[] = [
  { type: 'Report', pattern: /^.{0,60}\b(review period|reporting period|period covered|scan window|test window|date of (test|exercise|review|scan))\b/gim, weight: 1.2 },
  { type: 'Procedure', pattern: /^\s*(before|during|after|on arrival|on the day|leaving|at the end)\b[\w ]{0,30}$/gim, weight: 0.6 },
  { type: 'Procedure', pattern: /(^|[.!?]\s+)([Tt]he )?([A-Z]?[a-z]+|[A-Z]{2,5})( [a-z]+){0,2} (books|checks|collects|walks|sends|raises|creates|approves|reviews|records|logs|notifies|informs|assigns|escalates|confirms|updates|closes|removes|disables|restores|contacts|decides|asks|issues|prints|verifies|submits) (the|a|an|each|all|any|it|them|whether|every)\b/gm, weight: 0.5 },
  { type: 'Policy', pattern: /^\s*(\d+(\.\d+)*\.?\s+)?(purpose|scope|applicability|policy statements?|principles|exceptions|compliance|enforcement|breaches of (this|these) \w+)\s*$/gim, weight: 0.6 },
  { type: 'Policy', pattern: /\bthis (policy|standard|guideline)\b|\bthese (rules|standards|guidelines)\b/gi, weight: 0.8 },
  { type: 'Policy', pattern: /\b(you must|you should|you are responsible|do not|don't|never) \w+/gi, weight: 0.4 },
  { type: 'Policy', pattern: /\b(is|are) (only |not |never |always )?(encrypted|stored|classified|labell?ed|shared|kept|retained|destroyed|deleted|wiped|permitted|allowed|prohibited|required|restricted|forbidden|enforced|disabled|locked)\b/gi, weight: 0.4 },
  { type: 'Policy', pattern: /\bretention (period|schedule)s?\b|\bhow long we keep\b|\bkept for \d+ (days|months|years)\b/gi, weight: 1.2 },
  { type: 'Procedure', pattern: /(^|[.:]\s+)(\d+[.)]\s+)?(first|next|then|finally|afterwards),?\s+(the\s+)?[a-z]/gim, weight: 0.8 },
  { type: 'Procedure', pattern: /^\s*(step\s+)?\d+[.)]\s+(the|if|when|once|after|before)\b/gim, weight: 0.5 },
  { type: 'Procedure', pattern: /^\s*(\d+(\.\d+)*\.?\s+)?(roles?( and responsibilities)?|responsibilities|who does what|raci|when to use this (plan|procedure|playbook)|invoking the plan|escalation( path)?)\s*$/gim, weight: 1.2 },
  { type: 'Procedure', pattern: /(^\W*|\s[-–—:]\s+)(how|who) (we|to) /gim, weight: 2.5 },
  { type: 'Report', pattern: /\t(pass(ed)?|fail(ed)?|met|not met|completed|overdue|succeeded|results?)\b/gi, weight: 0.6 },
  { type: 'Report', pattern: /\b(was|were) (\w+ed|done|run|held|found|made|taken|seen|given|sent)\b|\b(review|test|assessment|exercise|scan) (was )?(completed|performed|carried out|conducted)\b/gi, weight: 0.3 },
  { type: 'Screenshot', pattern: /^(?!\s*(go to|navigate|open|select|click|in)\b)[^\n>.:]{2,40}( > [^\n>.:]{2,40})+\s*$/gim, weight: 1.5 },
  { type: 'Screenshot', pattern: /\b(captured|screenshot|screen capture)\b/gi, weight: 1.5 },
  { type: 'Report', pattern: /^\s*(\d+(\.\d+)*\.?\s+)?(results?( by [\w ]{1,30})?|(executive |management )?summary|trends?|(key )?findings|key metrics|conclusions?|outcome|what happened|what went well|lessons learned|follow-up actions|root cause|timeline( \(\w+\))?|recommendations)\s*$/gim, weight: 0.8 },
];

/** A letter (salutation or sign-off) is its sender's genre: an auditor's letter is an audit report, a tester's a penetration test. */
const LETTER = /^\s*(dear\s+\w|to whom it may concern)|^\s*(yours (sincerely|faithfully)|kind regards)/im;
const LETTER_GENRES: Cue[] = [
  { type: 'Audit Report', pattern: /\baudit\b|\bauditors?\b/i, weight: 3 },
  { type: 'Penetration Test', pattern: /penetration|\bretest|\btesters?\b|security testing/i, weight: 3 },
];

const IMAGE_FILE = /\.(png|jpe?g|gif|bmp|tiff?|webp|heic)$/i;
const CONFIG_FILE = /\.(json|ya?ml|conf|cfg|ini|xml|toml|tf|tfvars|properties|env|reg|plist|csv)$/i;
const CONFIG_LINE =
  /^\s*([{}[\],]|<[\w:?!/]|"[^"]+"\s*:|[\w.-]+\s*[:=]\s*\S|set\s+\S+|edit\s+\S+|config\s+\S+|next$|end$|-\s+[\w.-]+:|#)|^[^\t]+\t(enabled|disabled|on|off|true|false|block\w*|allow\w*|audit|required|not configured|aggressive|moderate|protect|\d+)\s*$/i;

/** Share of non-empty lines that look like configuration (JSON, YAML, key = value, device CLI). */
export function configurationShare(text: string): number {
  const lines = text.split('\n').filter((line) => line.trim());
  if (lines.length === 0) return 0;
  return lines.filter((line) => CONFIG_LINE.test(line)).length / lines.length;
}

/**
 * Guesses the document type from the file name and content cues; deterministic (ties go to the earlier
 * type in the cue lists). Screenshots are image files or very short texts; configuration exports are
 * files whose lines are mostly settings.
 */
export function guessDocumentType(fileName: string, text: string): DocumentType {
  const words = text.split(/\s+/).filter(Boolean).length;
  const configShare = configurationShare(text);
  if (IMAGE_FILE.test(fileName) && !/certificate of|this is to certify|we certify/i.test(text)) return 'Screenshot';
  if ((CONFIG_FILE.test(fileName) && configShare > 0.4) || configShare > 0.7) return 'Configuration';
  if (words < 40 && configShare > 0.3) return 'Screenshot';
  const scores = documentTypeScores(fileName, text);
  let best: DocumentType = 'Other';
  let bestScore = 2.5;
  for (const [type, score] of scores) {
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  if (best !== 'Report') return best;
  // Audit reports, penetration tests and SOC reports are reports too: one clearly cued wins a close call with the generic genre.
  for (const type of SPECIAL_REPORTS) {
    const score = scores.get(type) ?? 0;
    if (score >= SPECIAL_REPORT_FLOOR && score >= SPECIAL_REPORT_SHARE * bestScore) return type;
  }
  return best;
}

const SPECIAL_REPORTS: readonly DocumentType[] = ['SOC 2 Report', 'Audit Report', 'Penetration Test'];
const SPECIAL_REPORT_FLOOR = 4;
const SPECIAL_REPORT_SHARE = 0.6;

/** The title block: the first lines, and a heading set in capitals further down (below a letterhead or an address). */
export function titleBlock(text: string, lines: number): string {
  const opening = text.split('\n').filter((line) => line.trim()).slice(0, 10);
  return [...opening.slice(0, lines), ...opening.slice(lines).filter((line) => /[A-Z]{3}/.test(line) && !/[a-z]/.test(line))].join('\n');
}

/** Score of each type from the cues of its name, title, body and structure (ties go to the earlier type in the cue lists). */
export function documentTypeScores(fileName: string, text: string): Map<DocumentType, number> {
  const scores = new Map<DocumentType, number>();
  const add = (type: DocumentType, amount: number) => scores.set(type, (scores.get(type) ?? 0) + amount);
  const baseName = fileName.replace(/\.[a-z0-9]+$/i, '');
  for (const cue of NAME_CUES) if (cue.pattern.test(baseName)) add(cue.type, cue.weight);
  const title = titleBlock(text, 4);
  for (const cue of TITLE_CUES) if (cue.pattern.test(title)) add(cue.type, cue.weight);
  for (const cue of BODY_CUES) {
    const count = text.match(cue.pattern)?.length ?? 0;
    add(cue.type, Math.min(5, count * cue.weight));
  }
  const controlBlock = text.split('\n').filter((line) => line.trim() && !line.includes('\t')).slice(0, 6).join('\n');
  for (const cue of CONTROL_BLOCK_CUES) add(cue.type, Math.min(3, (controlBlock.match(cue.pattern)?.length ?? 0) * cue.weight));
  for (const cue of STRUCTURE_CUES) add(cue.type, Math.min(3, (text.match(cue.pattern)?.length ?? 0) * cue.weight));
  if (LETTER.test(text)) for (const cue of LETTER_GENRES) if (cue.pattern.test(text)) add(cue.type, cue.weight);
  return scores;
}
