import type { DocumentType } from '../document-types';
import { DOMAIN_COUNT, decideDomain, scoreDomains } from './domain-classifier';
import { configurationDomainShares } from './configuration-domains';
import { titleBlock } from './document-type';
import { termsOf } from './nlp';

/** The part of an evidence document's domain that is decided for the document as a whole. */
type DomainPassage = { domainProbabilities: Float64Array };

/** Probabilities of the domains from raw scores (index = domain number). */
export function softmax(scores: Float64Array): Float64Array {
  let top = -Infinity;
  for (let d = 1; d <= DOMAIN_COUNT; d += 1) top = Math.max(top, scores[d] ?? 0);
  const out = new Float64Array(DOMAIN_COUNT + 1);
  let sum = 0;
  for (let d = 1; d <= DOMAIN_COUNT; d += 1) {
    out[d] = Math.exp((scores[d] ?? 0) - top);
    sum += out[d] ?? 0;
  }
  for (let d = 1; d <= DOMAIN_COUNT; d += 1) out[d] = (out[d] ?? 0) / sum;
  return out;
}

const ASSURANCE_REPORTS: ReadonlySet<DocumentType> = new Set(['SOC 2 Report', 'Audit Report']);
const COMPLIANCE_DOMAIN = 14;
/** A certificate of conformity (a certified management system) rather than of a service performed (destruction, completion of a course). */
const CONFORMITY = /management system|\bconform(s|ity|ance)\b|certificate of (registration|approval|conformity)|certification body|\bcertified to\b/i;
const DISPOSAL = /destr(uction|oyed)|disposal|sanitis|sanitiz|shredd|erasure|erased|wiped|recycl/i;
const SERVICE_PERFORMED = new RegExp(`${DISPOSAL.source}|completion|completed|attended`, 'i');
const DISPOSAL_DOMAIN = 2;
/** Minutes of a board or committee meeting: the governing body overseeing the programme, whatever items it discussed. */
const MEETING_MINUTES = /\bminutes\b[^\n]{0,80}\b(board|committee|steering)\b|\b(board|committee)\b[^\n]{0,80}\bminutes\b/i;
/** A register or log of risks, risk acceptances or policy exceptions: risk management, whatever the risks concern. */
const RISK_RECORD = /\brisk (register|acceptances?|exceptions?|treatment plan)\b|\b(policy |security )?exceptions? (register|log)\b/i;
const GOVERNANCE_DOMAIN = 1;
/**
 * A schedule or policy of how long records or personal data are kept (not logs or backups, which have their own
 * domains), or a register or procedure of requests from individuals exercising their data protection rights.
 */
const PERSONAL_DATA_HANDLING =
  /\b(records?|data|information) retention\b|\bretention (schedule|of records)\b|\bretention and (deletion|disposal|destruction)\b|\bhow long we keep\b|\b(data subject|individual|privacy|subject) (access |rights? )?requests?\b|\bDSARs?\b/i;
const DATA_PROTECTION_DOMAIN = 4;

/** Whether the document is an attestation of compliance: a SOC report, an audit report, or a certificate of conformity. */
export function attestsCompliance(type: DocumentType, text: string): boolean {
  if (ASSURANCE_REPORTS.has(type)) return true;
  return type === 'Certificate' && CONFORMITY.test(text) && !SERVICE_PERFORMED.test(text);
}

const TESTING_DOMAIN = 5;
/** Share of the domain weight that goes to the domain of the document's genre. */
const GENRE_SHARE = 0.6;
/** Weight of the setting names of a configuration export or a settings screen against its words. */
const SETTINGS_SHARE = 0.7;
const SETTINGS_TYPES: ReadonlySet<DocumentType> = new Set(['Configuration', 'Screenshot']);

/** Weight of the title (file name and opening lines) against the mean of the passages in the document's domains. */
const TITLE_SHARE = 0.5;

/**
 * How much the whole document is about each domain: the mean of its passages' domain probabilities,
 * blended with the domain of its title (file name and first lines), which names what the document is for.
 */
export function documentDomainShares(fileName: string, text: string, passages: readonly DomainPassage[], type: DocumentType): Float64Array {
  const shares = new Float64Array(DOMAIN_COUNT + 1);
  for (const passage of passages) for (let d = 1; d <= DOMAIN_COUNT; d += 1) shares[d] = (shares[d] ?? 0) + (passage.domainProbabilities[d] ?? 0) / passages.length;
  const opening = titleBlock(text, 3).replace(/\n/g, ' ');
  const title = termsOf(`${fileName.replace(/\.[a-z0-9]+$/i, '').replace(/[_-]+/g, ' ')} ${opening}`.toLowerCase());
  const decision = decideDomain(scoreDomains([{ stems: title.stems, weight: 1 }]));
  const titleProbabilities = softmax(decision.scores);
  for (let d = 1; d <= DOMAIN_COUNT; d += 1) shares[d] = (1 - TITLE_SHARE) * (shares[d] ?? 0) + TITLE_SHARE * (titleProbabilities[d] ?? 0);
  if (SETTINGS_TYPES.has(type)) {
    const settings = configurationDomainShares(text);
    if (settings.some((share) => share > 0)) for (let d = 1; d <= DOMAIN_COUNT; d += 1) shares[d] = (1 - SETTINGS_SHARE) * (shares[d] ?? 0) + SETTINGS_SHARE * (settings[d] ?? 0);
  }
  const genre = genreDomain(type, text);
  if (genre !== null) leanOnDomain(shares, genre);
  return shares;
}

/**
 * The domain a document's genre evidences first, whatever controls it covers: an attestation evidences
 * compliance and audit, a certificate of destruction or erasure evidences asset disposal, minutes of a board or
 * committee and a risk register or risk acceptance log evidence governance, a records retention schedule or a register of
 * data subject requests evidences data protection, a penetration test evidences vulnerability management.
 */
export function genreDomain(type: DocumentType, text: string): number | null {
  if (attestsCompliance(type, text)) return COMPLIANCE_DOMAIN;
  if (type === 'Certificate' && DISPOSAL.test(text)) return DISPOSAL_DOMAIN;
  const title = titleBlock(text, 4);
  if (type === 'Other' && (MEETING_MINUTES.test(title) || RISK_RECORD.test(title))) return GOVERNANCE_DOMAIN;
  if (PERSONAL_DATA_HANDLING.test(title)) return DATA_PROTECTION_DOMAIN;
  return type === 'Penetration Test' ? TESTING_DOMAIN : null;
}

/** Moves a share of the domain weight (a document's, or one of its passages') to the given domain. */
export function leanOnDomain(shares: Float64Array, domain: number): void {
  for (let d = 1; d <= DOMAIN_COUNT; d += 1) shares[d] = (shares[d] ?? 0) * (1 - GENRE_SHARE);
  shares[domain] = (shares[domain] ?? 0) + GENRE_SHARE;
}
