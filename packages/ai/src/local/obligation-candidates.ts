import { BOILERPLATE_HEADING, MUTUAL_SUBJECT } from './lexicon';
import { analyse, boilerplateCategories, findModal, NO_ANALYSIS, securityScore, usesWillForDuties, type Analysis } from './obligation-signals';
import { subjectRole, type Parties, type PartyRole } from './parties';
import { termsOf } from './nlp';
import type { Segment, SegmentedText } from './segmenter';

/**
 * Every span of a contract that could be an obligation — a sentence (with its 'This includes …'
 * elaboration), a list item under a lead-in, a table row — with the signals the fitted model weighs.
 */
export type Candidate = {
  start: number;
  end: number;
  clause: string | null;
  role: PartyRole;
  own: Analysis;
  heading: Analysis;
  /** The lead-in, annex title and table header that frame it: context for classification. */
  context: Analysis;
  leadTerms: string[];
  /** The heading the span sits under: its section, for the section-level signals. */
  section: string;
  features: Record<FeatureName, number>;
};

export const FEATURES = [
  'strong_modal',
  'weak_modal',
  'will_documents_duties',
  'negative_duty',
  'permission',
  'security',
  'heading_security',
  'context_security',
  'list_item',
  'table_row',
  'measures_context',
  'lead_in_duty',
  'boilerplate_payment',
  'boilerplate_liability',
  'boilerplate_legal',
  'boilerplate_heading',
  'definition',
  'customer',
  'mutual',
  'no_party',
  'words',
  'acknowledgement',
  'imperative',
  'modal_x_security',
  'measures_x_security',
  'customer_x_security',
  'section_security',
  'document_security',
  'section_x_modal',
] as const;
export type FeatureName = (typeof FEATURES)[number];

const MEASURES_CONTEXT =
  /\b(measures|controls?|safeguards|security requirements|requirements?|technical and organi[sz]ational|the following|at (a )?minimum|minimum standards?|security standards?|obligations|security program(me)?|commitments?|service levels?|deliverables?|responsibilit(y|ies))\b/i;
const NEGATIVE = /\b(shall|must|will|may) not\b|\bprohibited\b|\bnot permitted\b/i;
/** A permission: 'may' (not 'may not') or an entitlement, before any duty verb. */
const PERMISSION = /^[^.;:]{0,120}?\b(may(?! not)|is entitled to|is permitted to|reserves the right to)\b/i;
const ACKNOWLEDGEMENT = /\b(acknowledges?|recogni[sz]es?|understands?|agrees? that|accepts? that)\b/i;
const ELABORATION = /^(this|these|such)\b/i;
/** A clause that starts with a duty verb in its base form ('Encrypt Bank Data at rest …'): a terse instruction. */
const IMPERATIVE =
  /^(apply|assign|back|block|classify|commission|conduct|configure|deliver|deploy|destroy|disable|document|encrypt|enforce|ensure|escort|grant|harden|hold|implement|inform|install|keep|limit|log|maintain|manage|monitor|notify|obtain|patch|perform|prevent|protect|provide|record|remediate|remove|report|require|restrict|retain|return|review|revoke|run|scan|secure|segregate|send|store|synchroni[sz]e|test|track|train|use|verify)\b/i;
const ELABORATION_VERB = /\b(includ\w*|shall|must|will|comprise\w*|cover\w*)\b/i;

type Builder = {
  segmented: SegmentedText;
  parties: Parties;
  willDuties: boolean;
  analyses: Map<string, Analysis>;
  leadRoles: Map<number, PartyRole | null>;
};

function analysisOf(b: Builder, start: number, end: number): Analysis {
  const key = `${start}:${end}`;
  let result = b.analyses.get(key);
  if (!result) {
    result = analyse(b.segmented.text, b.segmented.tokens, start, end, b.parties);
    b.analyses.set(key, result);
  }
  return result;
}

function textAnalysis(b: Builder, text: string | null): Analysis {
  if (!text) return NO_ANALYSIS;
  const key = `t:${text}`;
  let result = b.analyses.get(key);
  if (!result) {
    const { stems, words, index } = termsOf(text.replace(b.parties.provider, ' ').replace(b.parties.customer, ' ').toLowerCase());
    result = { stems, terms: index, security: securityScore(stems, words) };
    b.analyses.set(key, result);
  }
  return result;
}

function leadRole(b: Builder, lead: Segment | undefined): PartyRole | null {
  if (!lead) return null;
  if (!b.leadRoles.has(lead.index)) {
    const modal = findModal(lead.text);
    b.leadRoles.set(lead.index, modal ? subjectRole(lead.text.slice(0, modal.index), b.parties, null) : null);
  }
  return b.leadRoles.get(lead.index) ?? null;
}

/** The party a span without its own subject falls on: the lead-in's, else the one the annex names, else none. */
function framedRole(b: Builder, lead: Segment | undefined, segment: Segment): PartyRole {
  const fromLead = leadRole(b, lead);
  if (fromLead && fromLead !== 'none') return fromLead;
  const frame = `${segment.annex ?? ''} ${segment.heading ?? ''}`;
  const role = subjectRole(frame.replace(/^.*?\b(of|by)\s+(the\s+)?/i, ''), b.parties, null);
  return role;
}

function log1p(x: number): number {
  return Math.log1p(Math.max(0, x));
}

function featuresOf(
  b: Builder,
  text: string,
  own: Analysis,
  heading: Analysis,
  context: Analysis,
  role: PartyRole,
  shape: { item: boolean; row: boolean; measures: boolean; leadDuty: boolean; headingText: string | null },
): Record<FeatureName, number> {
  const modal = findModal(text);
  const categories = boilerplateCategories(text);
  const permission = PERMISSION.exec(text);
  const security = log1p(own.security);
  const measures = shape.measures ? 1 : 0;
  return {
    strong_modal: modal?.strength === 'strong' ? 1 : 0,
    weak_modal: modal?.strength === 'weak' ? 1 : 0,
    will_documents_duties: modal?.strength === 'weak' && b.willDuties ? 1 : 0,
    negative_duty: NEGATIVE.test(text) ? 1 : 0,
    permission: permission && (!modal || permission.index < modal.index) ? 1 : 0,
    security,
    heading_security: log1p(heading.security),
    context_security: log1p(context.security),
    list_item: shape.item ? 1 : 0,
    table_row: shape.row ? 1 : 0,
    measures_context: measures,
    lead_in_duty: shape.leadDuty ? 1 : 0,
    boilerplate_payment: categories.includes('payment') ? 1 : 0,
    boilerplate_liability: categories.includes('liability') ? 1 : 0,
    boilerplate_legal: Math.min(2, categories.filter((c) => !['payment', 'liability', 'definition'].includes(c)).length),
    boilerplate_heading: shape.headingText && BOILERPLATE_HEADING.test(shape.headingText) && heading.security < 2 ? 1 : 0,
    definition: categories.includes('definition') ? 1 : 0,
    customer: role === 'customer' ? 1 : 0,
    mutual: role === 'mutual' ? 1 : 0,
    no_party: role === 'none' ? 1 : 0,
    words: Math.log(1 + text.split(/\s+/).length) / 3,
    acknowledgement: ACKNOWLEDGEMENT.test(text) && !/\bshall\b|\bmust\b/i.test(text) ? 1 : 0,
    imperative: IMPERATIVE.test(text.trim()) ? 1 : 0,
    modal_x_security: modal ? security : 0,
    measures_x_security: measures * security,
    customer_x_security: role === 'customer' ? security : 0,
    section_security: 0,
    document_security: 0,
    section_x_modal: 0,
  };
}

/** How much of a span is about security, capped: one clearly security-worded span counts 1. */
const securityShare = (c: Candidate) => Math.min(1, c.features.security / 2);

/**
 * The signals of the surroundings: how security-worded the other spans of the same section are, and the
 * document as a whole. In a security schedule nearly every duty is one to track, even 'keep the cage
 * locked'; in general terms only the security-worded ones are. The section lifts a duty only as far as
 * the duty itself has some security content: 'repaint the offices' stays out of a security section.
 */
function addSurroundings(candidates: Candidate[]): void {
  const sections = new Map<string, { sum: number; count: number }>();
  let documentSum = 0;
  for (const c of candidates) {
    const share = securityShare(c);
    const section = sections.get(c.section) ?? { sum: 0, count: 0 };
    section.sum += share;
    section.count += 1;
    sections.set(c.section, section);
    documentSum += share;
  }
  const documentShare = candidates.length ? documentSum / candidates.length : 0;
  for (const c of candidates) {
    const { sum, count } = sections.get(c.section) ?? { sum: 0, count: 0 };
    // The other spans of the section: its total less this span's own share.
    const section = count > 1 ? (sum - securityShare(c)) / (count - 1) : 0;
    c.features.section_security = section * Math.min(1, c.features.security + 0.3);
    c.features.document_security = documentShare;
    c.features.section_x_modal = section * c.features.strong_modal * Math.min(1, c.features.security);
  }
}

/** All candidate spans of the document, in reading order. */
export function buildCandidates(segmented: SegmentedText, parties: Parties): Candidate[] {
  const b: Builder = { segmented, parties, willDuties: usesWillForDuties(segmented.text), analyses: new Map(), leadRoles: new Map() };
  const { segments } = segmented;
  const out: Candidate[] = [];
  let previousRole: PartyRole | null = null;
  let previousBlock = -1;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i];
    if (!segment || segment.kind === 'heading') continue;
    if (segment.block !== previousBlock && segment.leadIn === null) previousRole = null;
    previousBlock = segment.block;
    const lead = segment.leadIn === null ? undefined : segments[segment.leadIn];
    const heading = textAnalysis(b, segment.heading);
    const frameText = [lead?.text, segment.annex, segment.row ? segment.rowContext : null].filter(Boolean).join(' ');
    const context = textAnalysis(b, frameText || null);
    const measures = MEASURES_CONTEXT.test(`${segment.heading ?? ''} ${segment.annex ?? ''} ${lead?.text ?? ''} ${segment.row ? (segment.rowContext ?? '') : ''}`);
    const wholeBlock = segment.kind === 'item' && (segment.leadIn !== null || segment.row);
    if (wholeBlock) {
      let last = i;
      while (segments[last + 1]?.block === segment.block) last += 1;
      const end = segments[last]?.end ?? segment.end;
      const text = segmented.text.slice(segment.start, end);
      const modal = findModal(text);
      const own = analysisOf(b, segment.start, end);
      const role = modal ? subjectRole(text.slice(0, modal.index), parties, framedRole(b, lead, segment)) : framedRole(b, lead, segment);
      const features = featuresOf(b, text, own, heading, context, role === 'none' ? framedRole(b, lead, segment) : role, {
        item: true,
        row: segment.row,
        measures,
        leadDuty: leadRole(b, lead) !== null,
        headingText: segment.heading,
      });
      out.push({ start: segment.start, end, clause: segment.clause, role, own, heading, context, leadTerms: lead ? analysisOf(b, lead.start, lead.end).terms : [], section: segment.heading ?? '', features });
      i = last;
      continue;
    }
    // A list lead-in ('… shall implement the following:') frames its items; it is not itself an obligation.
    if (/:\s*$/.test(segment.text)) continue;
    const modal = findModal(segment.text);
    const role: PartyRole = modal ? subjectRole(segment.text.slice(0, modal.index), parties, previousRole) : MUTUAL_SUBJECT.test(segment.text) ? 'mutual' : framedRole(b, lead, segment);
    if (modal) previousRole = role;
    const next = segments[i + 1];
    const elaborated = next !== undefined && next.block === segment.block && next.kind !== 'heading' && ELABORATION.test(next.text) && ELABORATION_VERB.test(next.text);
    const end = elaborated && next ? next.end : segment.end;
    const text = segmented.text.slice(segment.start, end);
    const own = analysisOf(b, segment.start, end);
    const features = featuresOf(b, text, own, heading, context, role, {
      item: segment.kind === 'item',
      row: segment.row,
      measures,
      leadDuty: leadRole(b, lead) !== null,
      headingText: segment.heading,
    });
    out.push({ start: segment.start, end, clause: segment.clause, role, own, heading, context, leadTerms: [], section: segment.heading ?? '', features });
    if (elaborated) i += 1;
  }
  addSurroundings(out);
  return out;
}
